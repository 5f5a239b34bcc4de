import { Form } from "react-router";
import type { AnswerStatus } from "@parley/contracts/questions-constants";
import { t } from "../../../lib/i18n.ts";
import { TransientKeyField } from "../../../lib/session.tsx";
import styles from "./DiscussionActions.module.css";

/**
 * Beside an answer's reactions, for the asker and moderators (the QnA add-on): "Did this answer the question?"
 * with Accept Answer and Reject Answer while it is pending, the other choice once it is judged. A form posted to
 * the discussion's page (its action PATCHes the answer), so it works without JavaScript.
 */
export function AnswerJudgement({ commentID, status }: { commentID: number; status: AnswerStatus }) {
  const choice = (next: AnswerStatus, label: string) => (
    <button type="submit" name="status" value={next} className={styles.postAction}>
      {label}
    </button>
  );
  return (
    <Form method="post" className={styles.answerJudgement} data-part="answer-judgement">
      <TransientKeyField />
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="commentID" value={commentID} />
      {status === "pending" ? <span>{t("Did this answer the question?")}</span> : null}
      {status !== "accepted" ? choice("accepted", t("Accept Answer")) : null}
      {status !== "rejected" ? choice("rejected", t("Reject Answer")) : null}
    </Form>
  );
}
