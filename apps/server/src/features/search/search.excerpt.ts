import { stemmer } from "stemmer";
import { MARK_END, MARK_START, type SearchText } from "./search.text.ts";

/**
 * The excerpt of a search result, made here rather than by FTS5's snippet(): snippet() evaluates
 * the whole match expression again for the page's rows (≈ 1 ms a page on a million posts), while
 * the bodies alone are read in a fraction of that. Words match as the index matched them: folded
 * like unicode61 (lower case, no diacritics) and stemmed with the same Porter algorithm as FTS5's
 * porter tokenizer; autocomplete's last word as a prefix. Only the marks depend on this: which
 * documents match was the index's decision.
 */

/** Letters and digits, as unicode61 splits words. */
const WORD = /[\p{L}\p{N}]+/gu;
const NON_ASCII = /\P{ASCII}/u;
/** FTS5's porter tokenizer leaves longer tokens and those with non-ASCII letters as they are. */
const MAX_STEMMED = 64;
const MAX_MEMO = 20_000;
const memo = new Map<string, string>();

const fold = (word: string): string => {
  const lower = word.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize("NFD").replace(/\p{M}+/gu, "") : lower;
};

/** A folded word's index form (memoised: a forum's vocabulary repeats). */
function indexForm(folded: string): string {
  let stem = memo.get(folded);
  if (stem === undefined) {
    stem = folded.length > MAX_STEMMED || NON_ASCII.test(folded) ? folded : stemmer(folded);
    if (memo.size >= MAX_MEMO) memo.clear();
    memo.set(folded, stem);
  }
  return stem;
}

interface Wanted {
  /** Index forms of the search's words, each a part; a phrase is several in a row. */
  parts: Array<{ forms: string[]; prefix: boolean }>;
  /** The first two letters of every wanted form (one, for a one-letter prefix): words starting otherwise are never stemmed. */
  starts: Set<string>;
}

function wantedOf(text: SearchText, prefix: boolean): Wanted {
  const parts: Wanted["parts"] = [];
  text.terms.forEach((term, index) => {
    const isPrefix = prefix && index === text.terms.length - 1 && text.phrases.length === 0;
    parts.push({ forms: [isPrefix ? fold(term) : indexForm(fold(term))], prefix: isPrefix });
  });
  for (const phrase of text.phrases) parts.push({ forms: phrase.map((word) => indexForm(fold(word))), prefix: false });
  const starts = new Set(parts.flatMap((part) => part.forms.map((form) => form.slice(0, 2))));
  return { parts, starts };
}

/**
 * Up to `size` words of the body around its best run of matches (the most distinct parts of the
 * search, the earliest first), the matched words between MARK_START and MARK_END, "…" where the
 * body goes on. Null when nothing in it matches (the match was in the title).
 */
export function excerptOf(body: string, text: SearchText, prefix: boolean, size = 32): string | null {
  const wanted = wantedOf(text, prefix);
  // Each word of the body, folded when it may match (its first letters are a wanted form's).
  const words: Array<{ start: number; end: number; folded: string | null }> = [];
  for (const match of body.matchAll(WORD)) {
    const folded = fold(match[0]);
    const candidate = wanted.starts.has(folded.slice(0, 2)) || wanted.starts.has(folded.slice(0, 1));
    words.push({ start: match.index, end: match.index + match[0].length, folded: candidate ? folded : null });
  }
  // Each matched word: which part it belongs to (a phrase marks all its words).
  const marked = new Int16Array(words.length).fill(-1);
  let any = false;
  wanted.parts.forEach((part, partIndex) => {
    for (let at = 0; at + part.forms.length <= words.length; at++) {
      let all = true;
      for (let offset = 0; offset < part.forms.length && all; offset++) {
        const { folded } = words[at + offset]!;
        const form = part.forms[offset]!;
        all = folded !== null && (part.prefix ? folded.startsWith(form) : indexForm(folded) === form);
      }
      if (!all) continue;
      for (let offset = 0; offset < part.forms.length; offset++) marked[at + offset] = partIndex;
      any = true;
    }
  });
  if (!any) return null;
  // The window with the most distinct parts, starting a few words before a match.
  let best = { from: 0, score: -1 };
  for (let index = 0; index < words.length; index++) {
    if (marked[index] === -1) continue;
    const from = Math.max(0, Math.min(index - 4, words.length - size));
    const seen = new Set<number>();
    for (let at = from; at < Math.min(words.length, from + size); at++) if (marked[at] !== -1) seen.add(marked[at]!);
    if (seen.size > best.score) best = { from, score: seen.size };
  }
  const to = Math.min(words.length, best.from + size);
  let out = best.from > 0 ? "…" : "";
  let cursor = words[best.from]!.start;
  for (let at = best.from; at < to; at++) {
    const word = words[at]!;
    out += body.slice(cursor, word.start);
    out +=
      marked[at] === -1
        ? body.slice(word.start, word.end)
        : `${MARK_START}${body.slice(word.start, word.end)}${MARK_END}`;
    cursor = word.end;
  }
  return to < words.length ? `${out}…` : out + body.slice(cursor);
}

/** The body's first `size` words (the excerpt when only the title matched), "…" where it goes on. */
export function leadOf(body: string, size = 32): string {
  let count = 0;
  for (const match of body.matchAll(WORD)) {
    if (++count > size) return `${body.slice(0, match.index).trimEnd()}…`;
  }
  return body;
}
