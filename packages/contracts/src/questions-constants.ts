/** Questions' values (the QnA add-on). Free of TypeBox, so the browser bundle can import them. */

/**
 * A question's status (Vanilla's `attributes.question.status`): no answer yet (or every answer rejected), an answer
 * waiting for the asker, an answer accepted.
 */
export const questionStatuses = ["unanswered", "answered", "accepted"] as const;
export type QuestionStatus = (typeof questionStatuses)[number];

/** An answer's status (Vanilla's `attributes.answer.status`): a comment on a question is pending until judged. */
export const answerStatuses = ["accepted", "rejected", "pending"] as const;
export type AnswerStatus = (typeof answerStatuses)[number];

/** The discussion's `attributes.question` (questions only, while the add-on is on). */
export interface QuestionAttributes {
  status: QuestionStatus;
  dateAnswered: string | null;
  dateAccepted: string | null;
}

/** The comment's `attributes.answer` (comments on questions only, while the add-on is on). */
export interface AnswerAttributes {
  status: AnswerStatus;
  dateAccepted: string | null;
  acceptUserID: number | null;
}
