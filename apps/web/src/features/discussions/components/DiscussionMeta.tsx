import { Link } from "react-router";
import type { Discussion } from "@parley/contracts";
import { pagerLimits } from "@parley/contracts/shell-limits";
import { t } from "../../../lib/i18n.ts";
import { tagListPath } from "../../../lib/list-params.ts";
import { questionFilters } from "./QuestionFilter.tsx";
import { formatCount } from "../../../lib/numbers.ts";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { questionOf } from "../questions.ts";
import { ideaOf } from "../ideas.ts";
import { pollOf } from "../polls.ts";
import styles from "./DiscussionList.module.css";
import questionStyles from "./questions.module.css";

/** Signed-in members' marker of a discussion with posts they have not read: "New" never opened, else "{n} new". */
function unreadLabel({ unread, countUnread = 0, countComments }: Discussion): string | null {
  if (!unread) return null;
  return countUnread > 0 && countUnread < countComments
    ? t("{count} new", { count: formatCount(countUnread) })
    : t("New");
}

/**
 * A listed discussion's facts: what the member has not read, its badges, author, comments, views, last activity,
 * category and tags.
 */
export function DiscussionMeta({ discussion, showCategory }: { discussion: Discussion; showCategory: boolean }) {
  const unread = unreadLabel(discussion);
  const question = questionOf(discussion);
  const idea = ideaOf(discussion);
  const poll = pollOf(discussion);
  return (
    <ul className={styles.meta}>
      {question ? (
        <li>
          <span className={styles.badge}>{t("Question")}</span>{" "}
          <span
            className={`${questionStyles.status} ${questionStyles[question.status] ?? ""}`}
            data-question-status={question.status}
          >
            {t(questionFilters.find((filter) => filter.sort === question.status)?.label ?? "")}
          </span>
        </li>
      ) : null}
      {idea ? (
        <li>
          <span className={styles.badge}>{t("Idea")}</span>{" "}
          <span className={questionStyles.status} data-idea-status={idea.statusID}>
            {t(idea.status.name)}
          </span>{" "}
          <span data-idea-score={discussion.score ?? 0}>
            {Math.abs(discussion.score ?? 0) === 1
              ? t("{count} vote", { count: formatCount(discussion.score ?? 0) })
              : t("{count} votes", { count: formatCount(discussion.score ?? 0) })}
          </span>
        </li>
      ) : null}
      {poll ? (
        <li>
          <span className={styles.badge} data-poll-badge="">
            {t("Poll")}
          </span>
          {poll.closed ? <> {t("Closed")}</> : null}
        </li>
      ) : null}
      {unread ? (
        <li>
          <span className={styles.unread}>{unread}</span>
        </li>
      ) : null}
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
        {formatCount(discussion.countComments)} {discussion.countComments === 1 ? t("comment") : t("comments")}
      </li>
      <li>
        {formatCount(discussion.countViews)} {discussion.countViews === 1 ? t("view") : t("views")}
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
  );
}
