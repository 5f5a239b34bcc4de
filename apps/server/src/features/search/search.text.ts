/**
 * The search text as words and quoted phrases, the same for every driver: each driver writes its
 * own match expression from these parts, so no user text ever reaches a query language unquoted.
 */
export interface SearchText {
  /** Single words, in the order typed. */
  terms: string[];
  /** Quoted phrases, each as its words. */
  phrases: string[][];
  /**
   * Each phrase as typed between its quotes (`phrases`' order), for a parser that reads more than
   * words: PostgreSQL's reads "off-site" as three lexemes (off-sit, off, site), the document's
   * positions with them, so "automatic off site" would not find "automatic off-site".
   */
  phraseTexts?: string[];
}

const NON_ASCII = /\P{ASCII}/u;

/**
 * Latin letters without their diacritics (é → e, ệ → e), as FTS5's unicode61 tokenizer indexes them
 * (`remove_diacritics 2`), so "cafe" and "café" find each other on both engines (PostgreSQL's
 * configurations keep diacritics: its driver indexes and searches text passed through this). Other
 * scripts keep their marks: Cyrillic й is not и.
 */
export function withoutDiacritics(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  return text
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{Mn}+/gu, "$1")
    .normalize("NFC");
}

/** The search text's words and phrases `withoutDiacritics`. */
export const withoutDiacriticsText = (text: SearchText | null): SearchText | null =>
  text && {
    terms: text.terms.map(withoutDiacritics),
    phrases: text.phrases.map((words) => words.map(withoutDiacritics)),
    ...(text.phraseTexts ? { phraseTexts: text.phraseTexts.map(withoutDiacritics) } : {}),
  };

/** Words as FTS5's unicode61 tokenizer and PostgreSQL's parser see them: letters and digits. */
const WORD = /[\p{L}\p{N}]+/gu;
const MAX_PARTS = 16;
const MAX_WORD = 64;

const wordsOf = (text: string): string[] =>
  [...text.normalize("NFC").matchAll(WORD)]
    .map((match) => match[0].toLowerCase())
    .filter((word) => word.length <= MAX_WORD);

/** `redis "connection pool" timeout` → terms [redis, timeout], phrases [[connection, pool]]; null when no word. */
export function parseSearchText(input: string | undefined): SearchText | null {
  if (!input) return null;
  const terms: string[] = [];
  const phrases: string[][] = [];
  const phraseTexts: string[] = [];
  const quoted = /"([^"]*)"?/g;
  let rest = "";
  let last = 0;
  for (const match of input.matchAll(quoted)) {
    rest += ` ${input.slice(last, match.index)}`;
    last = match.index + match[0].length;
    const words = wordsOf(match[1] ?? "");
    if (words.length === 1) terms.push(words[0]!);
    else if (words.length > 1) {
      phrases.push(words);
      phraseTexts.push((match[1] ?? "").normalize("NFC").trim());
    }
  }
  rest += ` ${input.slice(last)}`;
  for (const word of wordsOf(rest)) if (!terms.includes(word)) terms.push(word);
  const trimmedTerms = terms.slice(0, MAX_PARTS);
  const kept = Math.max(0, MAX_PARTS - trimmedTerms.length);
  const trimmedPhrases = phrases.slice(0, kept);
  if (!trimmedTerms.length && !trimmedPhrases.length) return null;
  return { terms: trimmedTerms, phrases: trimmedPhrases, phraseTexts: phraseTexts.slice(0, kept) };
}

/** Each word and phrase as an FTS5 string, double-quoted (no operator can be injected). */
export const fts5Parts = (text: SearchText): string[] =>
  [...text.terms.map((term) => [term]), ...text.phrases].map((words) => `"${words.join(" ")}"`);

/** The FTS5 match expression: every part quoted; in autocomplete the last word, when no phrase follows, is a prefix. */
export function fts5Expression(text: SearchText, operator: "and" | "or", prefix: boolean): string {
  const parts = fts5Parts(text);
  if (prefix && text.phrases.length === 0) parts[parts.length - 1] += "*";
  return parts.join(operator === "or" ? " OR " : " AND ");
}

/** Plain text as it is stored: NUL and the excerpt markers' control characters removed. */
export const storableSearchText = (text: string): string =>
  // eslint-disable-next-line no-control-regex -- taking control characters out is the point
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, " ");

/** Marks drivers put around matched words in an excerpt (control characters: never in stored text). */
export const MARK_START = "\u0002";
export const MARK_END = "\u0003";
