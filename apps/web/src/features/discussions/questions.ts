import type { Discussion } from "@parley/contracts";
import type { QuestionAttributes } from "@parley/contracts/questions-constants";

/*
 * Questions (the QnA add-on): what the records carry while it is on. A discussion is a question when its
 * `attributes.question` is there, a comment an answer when its `attributes.answer` is.
 */

/** A question's status, or null for another discussion (or while the add-on is off). */
export const questionOf = (discussion: Partial<Pick<Discussion, "attributes">>): QuestionAttributes | null =>
  (discussion.attributes?.["question"] as QuestionAttributes | undefined) ?? null;
