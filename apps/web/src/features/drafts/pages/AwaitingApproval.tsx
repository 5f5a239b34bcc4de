import { useQuery } from "../../../lib/query.ts";
import { premoderationEditMessages } from "@parley/contracts/premoderation-edits";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { myPendingPostsQuery, pendingPostAnchor } from "../../reports/index.ts";
import styles from "./DraftsPage.module.css";

/**
 * The member's posts held for a moderator's approval (premoderation), above their drafts: where a held
 * discussion's confirmation lands (`?awaiting=approval`) and where they find their held posts later; a held
 * edit of a published post says so.
 */
export function AwaitingApproval({ confirm }: { confirm: boolean }) {
  const api = useApi();
  const { data: pending = [] } = useQuery(myPendingPostsQuery(api));
  return (
    <>
      {confirm ? (
        <FormAlert kind="success">
          {t("Your post is awaiting approval. It will appear once a moderator approves it.")}
        </FormAlert>
      ) : null}
      {pending.length ? (
        <>
          <h2 id="awaiting-title" className={styles.subtitle}>
            {t("Awaiting Approval")}
          </h2>
          <ul className={styles.list} aria-labelledby="awaiting-title">
            {pending.map((post) => (
              <li key={post.reportID} id={pendingPostAnchor(post.reportID)} className={styles.item}>
                <div className={styles.head}>
                  <span className={styles.name}>
                    {post.kind === "discussion"
                      ? post.name
                      : t("Comment in {discussion}", { discussion: post.placeName })}
                  </span>
                  <span className={styles.status}>
                    {post.isPendingUpdate ? t(premoderationEditMessages.awaiting) : t("Awaiting approval")}
                  </span>
                </div>
                <div className={styles.excerpt} dangerouslySetInnerHTML={{ __html: post.body }} />
                <p className={styles.meta}>
                  {post.kind === "discussion" ? (
                    <>
                      {t("In")} <a href={post.placeUrl}>{post.placeName}</a>
                      {" · "}
                    </>
                  ) : (
                    <>
                      <a href={post.placeUrl}>{post.placeName}</a>
                      {" · "}
                    </>
                  )}
                  <DateTime date={post.dateInserted} />
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
