import { stemmer } from "stemmer";
import { MARK_END, MARK_START, withoutDiacritics, type SearchText } from "./search.text.ts";

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

const fold = (word: string): string => withoutDiacritics(word.toLowerCase());

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
  /**
   * The first two letters of each wanted form (one of a one-letter prefix): a folded word that
   * begins otherwise never matches, and is never stemmed.
   */
  begins: Set<string>;
  /** The same as character codes (first × 256 + second, or − 1 for a one-letter form), for ASCII bodies. */
  beginCodes: Set<number>;
  formOf: (folded: string) => string;
}

/** An ASCII letter's lower-case code (digits unchanged). */
const lowerCode = (code: number) => (code >= 65 && code <= 90 ? code + 32 : code);

function wantedOf(text: SearchText, prefix: boolean, stem: boolean): Wanted {
  // Stemmed as the index stems (English), or only folded (search.language.ts).
  const formOf = stem ? indexForm : (folded: string) => folded;
  const parts: Wanted["parts"] = [];
  text.terms.forEach((term, index) => {
    const isPrefix = prefix && index === text.terms.length - 1 && text.phrases.length === 0;
    parts.push({ forms: [isPrefix ? fold(term) : formOf(fold(term))], prefix: isPrefix });
  });
  for (const phrase of text.phrases) parts.push({ forms: phrase.map((word) => formOf(fold(word))), prefix: false });
  const begins = new Set(parts.flatMap((part) => part.forms.map((form) => form.slice(0, 2))));
  const beginCodes = new Set(
    [...begins].map((start) => start.charCodeAt(0) * 256 + (start.length > 1 ? start.charCodeAt(1) : -1)),
  );
  return { parts, begins, beginCodes, formOf };
}

/** Whether a folded word may match: it begins like a wanted form. */
const mayMatch = (word: string, begins: Set<string>) =>
  begins.has(word.slice(0, 2)) || (word.length > 0 && begins.has(word.slice(0, 1)));

/** Matches looked at when choosing the excerpt's window (the earliest ones). */
const WINDOW_CANDIDATES = 16;

/** ASCII letters and digits: most bodies are ASCII, scanned without a Unicode regular expression. */
const isAsciiWordCode = (code: number) =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);

/** Each word's start and end, as unicode61 splits words (letters and digits). */
function wordsOf(body: string, starts: number[], ends: number[]): void {
  if (NON_ASCII.test(body)) {
    WORD.lastIndex = 0;
    for (let match = WORD.exec(body); match; match = WORD.exec(body)) {
      starts.push(match.index);
      ends.push(match.index + match[0].length);
    }
    return;
  }
  let start = -1;
  for (let at = 0; at <= body.length; at++) {
    const word = at < body.length && isAsciiWordCode(body.charCodeAt(at));
    if (word && start === -1) start = at;
    else if (!word && start !== -1) {
      starts.push(start);
      ends.push(at);
      start = -1;
    }
  }
}

function excerptWith(body: string, wanted: Wanted, size: number): string | null {
  const { formOf, begins } = wanted;
  // Each word of the body, folded when it may match.
  const starts: number[] = [];
  const ends: number[] = [];
  wordsOf(body, starts, ends);
  const count = starts.length;
  const ascii = !NON_ASCII.test(body);
  const folded: Array<string | null> = new Array<string | null>(count);
  for (let at = 0; at < count; at++) {
    const start = starts[at]!;
    const end = ends[at]!;
    if (ascii) {
      // Told from the first two letters' codes, without a string for the words that cannot match.
      const first = lowerCode(body.charCodeAt(start)) * 256;
      const second = end - start > 1 ? lowerCode(body.charCodeAt(start + 1)) : -1;
      folded[at] =
        wanted.beginCodes.has(first + second) || wanted.beginCodes.has(first - 1)
          ? body.slice(start, end).toLowerCase()
          : null;
    } else {
      const form = fold(body.slice(start, end));
      folded[at] = mayMatch(form, begins) ? form : null;
    }
  }
  // Each matched word: which part it belongs to (a phrase marks all its words).
  const marked = new Int16Array(count).fill(-1);
  const matches: number[] = [];
  for (let at = 0; at < count; at++) {
    if (folded[at] === null) continue;
    wanted.parts.forEach((part, partIndex) => {
      if (at + part.forms.length > count) return;
      for (let offset = 0; offset < part.forms.length; offset++) {
        const word = folded[at + offset];
        const form = part.forms[offset]!;
        if (word == null || !(part.prefix ? word.startsWith(form) : formOf(word) === form)) return;
      }
      for (let offset = 0; offset < part.forms.length; offset++) marked[at + offset] = partIndex;
      matches.push(at);
    });
  }
  if (matches.length === 0) return null;
  // The window with the most distinct parts, starting a few words before one of the first matches.
  let best = { from: 0, score: -1 };
  for (const index of matches.slice(0, WINDOW_CANDIDATES)) {
    const from = Math.max(0, Math.min(index - 4, count - size));
    let seen = 0;
    let score = 0;
    for (let at = from; at < Math.min(count, from + size); at++) {
      const part = marked[at]!;
      if (part !== -1 && !(seen & (1 << (part % 31)))) {
        seen |= 1 << (part % 31);
        score++;
      }
    }
    if (score > best.score) best = { from, score };
  }
  const to = Math.min(count, best.from + size);
  let out = best.from > 0 ? "…" : "";
  let cursor = starts[best.from]!;
  for (let at = best.from; at < to; at++) {
    out += body.slice(cursor, starts[at]);
    const word = body.slice(starts[at], ends[at]);
    out += marked[at] === -1 ? word : `${MARK_START}${word}${MARK_END}`;
    cursor = ends[at]!;
  }
  return to < count ? `${out}…` : out + body.slice(cursor);
}

/**
 * Up to `size` words of the body around its best run of matches (the most distinct parts of the
 * search, the earliest first), the matched words between MARK_START and MARK_END, "…" where the
 * body goes on. Null when nothing in it matches (the match was in the title).
 */
export function excerptOf(
  body: string,
  text: SearchText,
  { prefix = false, stem = true, size = 32 }: { prefix?: boolean; stem?: boolean; size?: number } = {},
): string | null {
  return excerptWith(body, wantedOf(text, prefix, stem), size);
}

/** The body's first `size` words (the excerpt when only the title matched), "…" where it goes on. */
export function leadOf(body: string, size = 32): string {
  const starts: number[] = [];
  wordsOf(body, starts, []);
  return starts.length > size ? `${body.slice(0, starts[size]).trimEnd()}…` : body;
}

/**
 * A search's excerpts, one body at a time: around the body's matches (made here for both engines:
 * PostgreSQL's ts_headline took ≈ 2.5 ms of database time a page at 1M posts), or its first words
 * when only the title matched, or when autocomplete matched the name; the first 300 characters
 * without words. The search's words are folded and stemmed once for the page.
 */
export function resultExcerpts(
  criteria: { text: SearchText | null; prefix: boolean },
  stem: boolean,
  size = 32,
): (body: string) => string {
  const { text } = criteria;
  if (!text) return (body) => body.slice(0, 300);
  if (criteria.prefix) return (body) => leadOf(body, size);
  const wanted = wantedOf(text, false, stem);
  return (body) => excerptWith(body, wanted, size) ?? leadOf(body, size);
}
