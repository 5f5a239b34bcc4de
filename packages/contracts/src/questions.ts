import { Type, type Static } from "typebox";
import { answerStatuses } from "./questions-constants.ts";

/** `PATCH /comments/{id}/answer`: the asker or a moderator accepts or rejects an answer, or sets it back to pending. */
export const AnswerPatch = Type.Object({
  status: Type.Enum(answerStatuses, { description: "accepted, rejected or pending (neither)." }),
});
export type AnswerPatch = Static<typeof AnswerPatch>;
