import { Link } from "react-router";
import type { Discussion } from "@parley/contracts";
import { pagerLimits } from "@parley/contracts/shell-limits";
import { t } from "../../../lib/i18n.ts";
import { tagListPath } from "../../../lib/list-params.ts";
import { formatCount } from "../../../lib/numbers.ts";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { discussionPath } from "../discussions.urls.ts";
import styles from "./DiscussionList.module.css";
import { useBulkSelection } from "./useBulkSelection.ts";

/** Discussions with their excerpt, author, category, counts and last activity. */
export function DiscussionList({
  discussions,
  showCategory = true,
}: {
  discussions: Discussion[];
  showCategory?: boolean;
}) {
  // Moderators' checkboxes and selection toast (on demand, only when they may manage a listed discussion).
  const bulk = useBulkSelection(discussions);
  if (discussions.length === 0) return <p className={styles.empty}>{t("No discussions were found.")}</p>;
  return (
    <>
      <ul className={styles.list}>
        {discussions.map((discussion) => (
          <li key={discussion.discussionID} className={styles.item}>
            {bulk && <bulk.BulkCheckbox discussion={discussion} />}
            <img
              className={styles.photo}
              src={discussion.insertUser?.photoUrl}
              alt=""
              width={40}
              height={40}
              loading="lazy"
            />
            <div className={styles.main}>
              <h3 className={styles.title}>
                <Link to={discussionPath(discussion)}>{discussion.name}</Link>
              </h3>
              {discussion.excerpt ? <p className={styles.excerpt}>{discussion.excerpt}</p> : null}
              <ul className={styles.meta}>
                {discussion.pinned ? (
                  <li>
                    <span className={styles.badge}>{t("Announcement")}</span>
                  </li>
                ) : null}
                {discussion.closed ? (
                  <li>
                    <span className={styles.badge}>{t("Closed")}</span>
                  </li>
                ) : null}
                <li>{t("Started by {name}", { name: discussion.insertUser?.name ?? "" })}</li>
                <li>
                  {formatCount(discussion.countComments)}{" "}
                  {discussion.countComments === 1 ? t("comment") : t("comments")}
                </li>
                {discussion.dateLastComment ? (
                  <li>
                    {discussion.countComments > 0
                      ? t("Most recent by {name}", { name: discussion.lastUser?.name ?? "" })
                      : t("Started")}{" "}
                    <DateTime date={discussion.dateLastComment} />
                  </li>
                ) : null}
                {showCategory && discussion.category ? (
                  <li>
                    <Link to={new URL(discussion.category.url).pathname}>{discussion.category.name}</Link>
                  </li>
                ) : null}
                {(discussion.tags ?? []).slice(0, pagerLimits.maxUserTagsInList).map((tag) => (
                  <li key={tag.tagID}>
                    <Link to={tagListPath(tag.urlcode)} className={styles.tag}>
                      {tag.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ul>
      {bulk && <bulk.BulkSelectionToast />}
    </>
  );
}
