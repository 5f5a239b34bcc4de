/**
 * Watched words and the spam check (issue 30): rules and messages shared by server and web. Free of TypeBox,
 * so the browser bundle can import it.
 */
export const watchedWordActions = ["block", "approval", "censor", "flag"] as const;
export type WatchedWordAction = (typeof watchedWordActions)[number];

export const watchedWordRules = {
  /** Characters of one word or pattern (after trimming). */
  maxLength: 100,
  /** Words on one site: each post is matched against all of them. */
  maxWords: 2_000,
  /** `*` wildcards in one pattern (each stands for at most `wildcardSpan` letters or digits). */
  maxWildcards: 3,
  wildcardSpan: 30,
} as const;

/** What replaces a censored word when a post is shown. */
export const CENSOR_MASK = "■■■";

export const spamMessages = {
  /** A post refused: `{word}` is the watched word, `{field}` the field it was found in. */
  blocked: "“{word}” is not allowed here.",
  wordInvalid: "A watched word is letters, digits, spaces and at most 3 “*” wildcards (not only wildcards).",
  wordTaken: "This word is already watched.",
  tooMany: `A site watches at most ${watchedWordRules.maxWords} words.`,
} as const;

/** `/dashboard/moderation/watched-words`: site managers list, add and remove watched words. */
export const watchedWordsPagePath = "/dashboard/moderation/watched-words";
