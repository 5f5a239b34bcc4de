import { watchedWordRules } from "@parley/contracts";

/**
 * Unicode folding for watched words and the spam check: one function turns a text into the form words are
 * matched in. Compatibility decomposition (NFKD: fullwidth and styled letters, ligatures) with the marks
 * dropped (diacritics), lower case, invisible characters removed (zero-width spaces and joiners, soft
 * hyphens, bidirectional controls: Unicode's format characters), common look-alikes from Cyrillic and Greek
 * and common "leet" digits and signs folded to the Latin letters they imitate.
 */
const LOOKALIKES: Record<string, string> = {
  // Cyrillic
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ї: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ү: "y",
  һ: "h",
  // Greek
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
  // Leet
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
  // Letters NFKD leaves whole
  ø: "o",
  đ: "d",
  ł: "l",
  ħ: "h",
  ı: "i",
  ß: "ss",
  æ: "ae",
  œ: "oe",
  þ: "th",
};
const MARK = /\p{M}/u;
const INVISIBLE = /[\p{Cf}\u034f\u115f\u1160\u3164\uffa0]/u;

/** One code point's folded form ("" for an invisible character or a mark). */
function foldChar(char: string): string {
  let out = "";
  for (const part of char.normalize("NFKD").toLowerCase()) {
    if (MARK.test(part) || INVISIBLE.test(part)) continue;
    out += LOOKALIKES[part] ?? part;
  }
  return /\s/u.test(out) ? " " : out;
}

/** A text folded, with each folded character's span in the original (for masking the original). */
export interface Folded {
  text: string;
  /** For each UTF-16 unit of `text`: the original text's [start, end) it came from. */
  starts: number[];
  ends: number[];
}

const cache = new Map<string, string>();
function foldCached(char: string): string {
  let folded = cache.get(char);
  if (folded === undefined) {
    folded = foldChar(char);
    if (cache.size < 50_000) cache.set(char, folded);
  }
  return folded;
}

function foldWithMap(input: string): Folded {
  let text = "";
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const char of input) {
    const folded = foldCached(char);
    for (let i = 0; i < folded.length; i += 1) {
      starts.push(index);
      ends.push(index + char.length);
    }
    text += folded;
    index += char.length;
  }
  return { text, starts, ends };
}

/** A text in its matching form. */
export const fold = (input: string): string => foldWithMap(input).text;

/** A watched word's stored pattern: folded, spaces collapsed; null when it is not a valid word or pattern. */
export function patternOf(word: string): string | null {
  const pattern = fold(word.trim()).replace(/\s+/gu, " ").trim();
  if (!pattern || pattern.length > watchedWordRules.maxLength) return null;
  if (!/^[\p{L}\p{N} '’\-*]+$/u.test(pattern)) return null;
  const wildcards = pattern.split("*").length - 1;
  if (wildcards > watchedWordRules.maxWildcards) return null;
  if (pattern.replace(/[* ]/gu, "").length < 2) return null;
  return pattern;
}

/**
 * Escapes the syntax characters only: with the `u` flag any other escape, such as `\-` outside a class, is an
 * invalid pattern (a watched word "-1" or "e-mail" made every later compile throw), and the patterns never sit in
 * a class.
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/gu, "\\$&");
const WORD = "[\\p{L}\\p{N}]";

/**
 * A pattern's regular expression source: literal characters escaped, a space any run of spaces, `*` at most
 * `wildcardSpan` letters or digits. No user regular expression ever runs; the only quantifiers are bounded.
 */
function patternSource(pattern: string): string {
  return pattern
    .split("*")
    .map((part) => part.split(" ").map(escapeRegExp).join(" +"))
    .join(`${WORD}{0,${watchedWordRules.wildcardSpan}}`);
}

export interface WordMatcher<T> {
  /** Every match in `text`: the entry and the original text's [start, end). */
  matches(text: string): Array<{ entry: T; start: number; end: number }>;
}

/** One regular expression for many patterns, each alone as a word (letters or digits on neither side). */
export function compileMatcher<T extends { pattern: string }>(entries: T[]): WordMatcher<T> {
  if (!entries.length) return { matches: () => [] };
  const source = entries.map((entry) => `(${patternSource(entry.pattern)})`).join("|");
  const regex = new RegExp(`(?<!${WORD})(?:${source})(?!${WORD})`, "gu");
  return {
    matches(input) {
      const folded = foldWithMap(input);
      const found: Array<{ entry: T; start: number; end: number }> = [];
      for (const match of folded.text.matchAll(regex)) {
        if (!match[0]) continue;
        const group = match.findIndex((value, i) => i > 0 && value !== undefined);
        const start = match.index;
        const end = start + match[0].length;
        found.push({ entry: entries[group - 1]!, start: folded.starts[start]!, end: folded.ends[end - 1]! });
      }
      return found;
    },
  };
}
