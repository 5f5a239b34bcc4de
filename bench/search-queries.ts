import { domains } from "./vocabulary.ts";

/**
 * Search texts from the seeded forum's own vocabulary, for the rows that defeat the server's cache of
 * search answers: each request asks something else (several hundred distinct texts per list, more
 * than the cache keeps, taken in turn, so none is answered from it).
 */
function vocabulary() {
  const words = new Set<string>();
  const phrases = new Set<string>();
  const pairs = new Set<string>();
  for (const domain of domains) {
    const domainWords = new Set<string>();
    for (const list of [domain.things, domain.tasks, domain.symptoms, domain.products, domain.changes]) {
      for (const text of list) {
        const parts = text.split(/\s+/);
        for (const part of parts) if (/^[A-Za-z]{4,}$/.test(part)) domainWords.add(part.toLowerCase());
        for (let start = 0; start + 3 <= parts.length; start++) phrases.add(parts.slice(start, start + 3).join(" "));
      }
    }
    for (const word of domainWords) words.add(word);
    // Two words that occur in one community's posts: a product with each other word.
    for (const product of domain.products)
      for (const word of domainWords) if (word !== product.toLowerCase()) pairs.add(`${product} ${word}`);
  }
  return { words: [...words], pairs: [...pairs], phrases: [...phrases] };
}

let cached: ReturnType<typeof vocabulary> | null = null;
export const searchTexts = () => (cached ??= vocabulary());
