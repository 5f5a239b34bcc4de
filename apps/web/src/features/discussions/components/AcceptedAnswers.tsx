import { useSuspenseQuery } from "@tanstack/react-query";
import type { Discussion } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { acceptedAnswersQuery } from "../discussions.queries.ts";
import styles from "./DiscussionActions.module.css";
import { Post } from "./Post.tsx";

/**
 * A question's accepted answers right under it (the QnA add-on), each labelled "Accepted Answer" with a link to
 * its place among the comments. Only for a question whose status is accepted (the page's loader prefetched them).
 */
export function AcceptedAnswers({ discussion }: { discussion: Pick<Discussion, "discussionID"> }) {
  const api = useApi();
  const { data: answers } = useSuspenseQuery(acceptedAnswersQuery(api, discussion.discussionID));
  if (answers.length === 0) return null;
  return (
    <section aria-label={t("Accepted Answers")} data-part="accepted-answers">
      {answers.map((answer) => (
        <Post
          key={answer.commentID}
          author={answer.insertUser}
          dateInserted={answer.dateInserted}
          dateUpdated={answer.dateUpdated}
          body={answer.body}
          context={<span className={styles.answerLabel}>{t("Accepted Answer")}</span>}
        >
          <a href={`/discussion/comment/${answer.commentID}`} className={styles.postAction}>
            {t("View in the discussion")}
          </a>
        </Post>
      ))}
    </section>
  );
}
