/**
 * The language the search index stems words in: the site's (`garden.locale`, as Vanilla names it).
 * PostgreSQL has a text-search configuration for each of these languages (stemming and stop words);
 * SQLite's FTS5 has one stemmer built in, Porter's English one, so on SQLite other languages are
 * indexed without stemming (folded, diacritics removed) rather than with English suffix rules.
 */
export interface SearchLanguage {
  /** The site's locale it was chosen for ("en", "fr-CA"…). */
  locale: string;
  /** PostgreSQL's text-search configuration ("simple" when it has none for the language). */
  postgres: string;
  /** Whether words are stemmed on SQLite (English only). */
  stems: boolean;
  /** The FTS5 tokenizer the SQLite tables are made with. */
  tokenizer: string;
}

/** ISO 639-1 codes → PostgreSQL 15's built-in text-search configurations. */
const postgresConfigs: Record<string, string> = {
  ar: "arabic",
  ca: "catalan",
  da: "danish",
  de: "german",
  el: "greek",
  en: "english",
  es: "spanish",
  eu: "basque",
  fi: "finnish",
  fr: "french",
  ga: "irish",
  hi: "hindi",
  hu: "hungarian",
  hy: "armenian",
  id: "indonesian",
  it: "italian",
  lt: "lithuanian",
  nb: "norwegian",
  ne: "nepali",
  nl: "dutch",
  nn: "norwegian",
  no: "norwegian",
  pt: "portuguese",
  ro: "romanian",
  ru: "russian",
  sr: "serbian",
  sv: "swedish",
  ta: "tamil",
  tr: "turkish",
  yi: "yiddish",
};

const ENGLISH_TOKENIZER = "porter unicode61 remove_diacritics 2";
const PLAIN_TOKENIZER = "unicode61 remove_diacritics 2";

/**
 * Autocomplete's tokenizer on SQLite, whatever the language: words as typed, unstemmed. A prefix is
 * part of a word, and a stemmer takes it for a whole one: Porter reads "pos" as a plural and looks
 * for "po*" (policy, pool, port), and no stem of "connecti" begins "connection"'s stem "connect".
 */
export const PREFIX_TOKENIZER = PLAIN_TOKENIZER;

export function searchLanguageOf(locale: string): SearchLanguage {
  const code = locale.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  const english = code === "en";
  return {
    locale,
    postgres: postgresConfigs[code] ?? "simple",
    stems: english,
    tokenizer: english ? ENGLISH_TOKENIZER : PLAIN_TOKENIZER,
  };
}

export const defaultSearchLanguage = searchLanguageOf("en");
