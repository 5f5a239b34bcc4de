import { msg } from "./i18n.ts";
/**
 * Edits held for approval (Vanilla's `isPendingUpdate`, issue 30). A module of its own, apart from
 * `premoderation-constants.ts` (which the reading pages' bundle holds), so that only the parts of the web app that
 * show a held edit carry these sentences. Free of TypeBox.
 */
export const premoderationEditMessages = {
  /** The 202 answer of an edit held for approval: the post keeps its text meanwhile. */
  held: "Your edit will appear after it is approved.",
  heldDescription: "A moderator reviews edits like this one; until then the post shows its earlier text.",
  /** What the author sees of an edit of theirs that waits for a moderator. */
  awaiting: msg("Your edit is awaiting approval."),
  postGone: "The post this edit was written for is gone; reject it instead.",
  postChanged: "The post was edited after this edit was held; reject it instead.",
} as const;
