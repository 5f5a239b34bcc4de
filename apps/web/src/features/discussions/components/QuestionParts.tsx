import { queryOptions, useSuspenseQuery, type QueryClient } from "@tanstack/react-query";
import { Form } from "react-router";
import type { Comment, Discussion } from "@parley/contracts";
import type { AnswerStatus } from "@parley/contracts/questions-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import type { ApiClient } from "../../../lib/api.ts";
import { discussionKeys } from "../discussions.queries.ts";
import styles from "./DiscussionActions.module.css";
import questionStyles from "./questions.module.css";
import { Post } from "./Post.tsx";

/** A question's accepted answers (`GET /comments?qna=accepted`), shown under it. */
const acceptedAnswersQuery = (api: ApiClient, discussionID: number) =>
  queryOptions({
    queryKey: [...discussionKeys.all, "acceptedAnswers", discussionID] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Comment[]>(
          "/comments",
          { discussionID, qna: "accepted", limit: 30, expand: ["insertUser"] },
          signal,
        )
      ).data,
  });

/** For the discussion page's loader: a question's accepted answers, rendered with the page. */
export const prefetchAcceptedAnswers = (queryClient: QueryClient, api: ApiClient, discussionID: number) =>
  queryClient.prefetchQuery(acceptedAnswersQuery(api, discussionID));

/*
 * The question parts of a discussion's page (the QnA add-on), loaded on demand (`questionSlots.tsx`): only
 * questions' pages need them.
 */

/**
 * Beside an answer's reactions: "Accepted Answer" once accepted, and for the asker and moderators (`judge`) the
 * choices to accept or reject it.
 */
export function AnswerMark({ commentID, status, judge }: { commentID: number; status: AnswerStatus; judge: boolean }) {
  return (
    <span className={questionStyles.answerMark} data-part="question-mark">
      {status === "accepted" ? <AcceptedLabel /> : null}
      {judge ? <AnswerJudgement commentID={commentID} status={status} /> : null}
    </span>
  );
}

/** "Accepted Answer" on an accepted answer. */
function AcceptedLabel() {
  return <span className={questionStyles.answerLabel}>{t("Accepted Answer")}</span>;
}

/**
 * Beside an answer's reactions, for the asker and moderators (the QnA add-on): "Did this answer the question?"
 * with Accept Answer and Reject Answer while it is pending, the other choice once it is judged. A form posted to
 * the discussion's page (its action PATCHes the answer), so it works without JavaScript.
 */
function AnswerJudgement({ commentID, status }: { commentID: number; status: AnswerStatus }) {
  const choice = (next: AnswerStatus, label: string) => (
    <button type="submit" name="status" value={next} className={styles.postAction}>
      {label}
    </button>
  );
  return (
    <Form method="post" className={questionStyles.answerJudgement}>
      <TransientKeyField />
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="commentID" value={commentID} />
      {status === "pending" ? <span>{t("Did this answer the question?")}</span> : null}
      {status !== "accepted" ? choice("accepted", t("Accept Answer")) : null}
      {status !== "rejected" ? choice("rejected", t("Reject Answer")) : null}
    </Form>
  );
}

/**
 * A question's accepted answers right under it (the QnA add-on), each labelled "Accepted Answer" with a link to
 * its place among the comments. Only for a question whose status is accepted (the page's loader prefetched them).
 */
export function AcceptedAnswers({ discussion }: { discussion: Pick<Discussion, "discussionID"> }) {
  const api = useApi();
  const { data: answers } = useSuspenseQuery(acceptedAnswersQuery(api, discussion.discussionID));
  if (answers.length === 0) return null;
  return (
    <section aria-label={t("Accepted Answers")} data-part="question-answers">
      {answers.map((answer) => (
        <Post
          key={answer.commentID}
          author={answer.insertUser}
          dateInserted={answer.dateInserted}
          dateUpdated={answer.dateUpdated}
          body={answer.body}
          context={<AcceptedLabel />}
        >
          <a href={`/discussion/comment/${answer.commentID}`} className={styles.postAction}>
            {t("View in the discussion")}
          </a>
        </Post>
      ))}
    </section>
  );
}
