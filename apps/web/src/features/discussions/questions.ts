import { queryOptions } from "@tanstack/react-query";
import type { Comment, Discussion } from "@parley/contracts";
import type { AnswerAttributes, QuestionAttributes, QuestionStatus } from "@parley/contracts/questions-constants";
import type { ApiClient } from "../../lib/api.ts";
import { msg } from "../../lib/i18n.ts";

/*
 * Questions (the QnA add-on): what the records carry while it is on. A discussion is a question when its
 * `attributes.question` is there, a comment an answer when its `attributes.answer` is.
 */

/** A question's status, or null for another discussion (or while the add-on is off). */
export const questionOf = (discussion: Partial<Pick<Discussion, "attributes">>): QuestionAttributes | null =>
  (discussion.attributes?.["question"] as QuestionAttributes | undefined) ?? null;

/** An answer's status, or null for a comment that is no answer. */
export const answerOf = (comment: Partial<Pick<Comment, "attributes">>): AnswerAttributes | null =>
  (comment.attributes?.["answer"] as AnswerAttributes | undefined) ?? null;

/** The status pills of listed questions. */
export const questionStatusLabels: Record<QuestionStatus, string> = {
  unanswered: msg("Unanswered"),
  answered: msg("Answered"),
  accepted: msg("Accepted"),
};

/** Whether the site takes questions (`plugins.qna`, a public setting): the Ask a Question link and the type. */
export const questionsEnabledQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ["discussions", "questionsEnabled"] as const,
    queryFn: async ({ signal }) => {
      const { data } = await api.get<Record<string, unknown>>("/config", { select: ["plugins.qna"] }, signal);
      return data["plugins.qna"] === true;
    },
  });
