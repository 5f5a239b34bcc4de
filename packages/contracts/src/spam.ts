import { Type, type Static } from "typebox";
import { DateTime } from "./common.ts";
import { watchedWordRules } from "./spam-constants.ts";

export {
  CENSOR_MASK,
  spamMessages,
  watchedWordActions,
  watchedWordRules,
  watchedWordsPagePath,
  type WatchedWordAction,
} from "./spam-constants.ts";

const Action = Type.Union([
  Type.Literal("block"),
  Type.Literal("approval"),
  Type.Literal("censor"),
  Type.Literal("flag"),
]);

/**
 * Parley's `/watched-words`: a word or `*` pattern and what a post containing it gets. `block` refuses the
 * post (422), `approval` holds it for review (recorded as an automatic report until the premoderation queue
 * exists), `censor` masks it where posts are shown, `flag` files an automatic report.
 */
export const WatchedWord = Type.Object({
  watchedWordID: Type.Integer(),
  word: Type.String(),
  action: Action,
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
});
export type WatchedWord = Static<typeof WatchedWord>;

export const WatchedWordPost = Type.Object({
  word: Type.String({ minLength: 1, maxLength: watchedWordRules.maxLength }),
  action: Action,
});
export type WatchedWordPost = Static<typeof WatchedWordPost>;

/** A spam check's answer about one post (`SpamCheck.check`). */
export const spamVerdicts = ["ham", "maybe", "spam"] as const;
export type SpamVerdict = (typeof spamVerdicts)[number];
