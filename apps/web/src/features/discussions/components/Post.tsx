import { useQuery } from "../../../lib/query.ts";
import type { UserFragment } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { UserLink } from "../../../shell/user-card/UserLink.tsx";
import { useIgnoredAuthor } from "../../ignore/index.ts";
import { editTimeoutQuery } from "../discussions.queries.ts";
import { RankLabel } from "../../reputation/index.ts";
import styles from "../pages/DiscussionPage.module.css";
import { reactionName } from "../../reactions/index.ts";

interface PostProps {
  id?: string;
  author: UserFragment | undefined;
  dateInserted: string;
  dateUpdated: string | null;
  /** Rendered, sanitised HTML from the server's one renderer. */
  body: string | undefined;
  reactions?: Array<{ tagID: number; name: string; count: number }> | undefined;
  /** Shown instead of the body, e.g. the in-place edit form. */
  bodyOverride?: React.ReactNode;
  /** The interactive reactions row, instead of the plain counts. */
  reactionBar?: React.ReactNode;
  /** Beside the author and date: what the post answers ("In reply to …"). */
  context?: React.ReactNode;
  /** At the end of the author's line: a moderator's selection checkbox. */
  select?: React.ReactNode;
  /** Under the body: the post's field values (the post types add-on). */
  afterBody?: React.ReactNode;
  children?: React.ReactNode;
}

/** One post (the discussion or a comment): author, dates, body, reaction counts. */
export function Post({
  id,
  author,
  dateInserted,
  dateUpdated,
  body,
  reactions,
  bodyOverride,
  reactionBar,
  context,
  select,
  afterBody,
  children,
}: PostProps) {
  const signature = author?.signature?.body;
  // `signatures.hideMobile` (spec §5): prefetched with the discussion page, so the server renders the class.
  const api = useApi();
  const { data: settings } = useQuery({ ...editTimeoutQuery(api), enabled: !!signature });
  const ignored = useIgnoredAuthor(author?.userID);
  const content = bodyOverride ?? <div className={styles.body} dangerouslySetInnerHTML={{ __html: body ?? "" }} />;
  return (
    <article id={id} className={styles.post}>
      <img className={styles.photo} src={author?.photoUrl} alt="" width={40} height={40} loading="lazy" />
      <div className={styles.postMain}>
        <div className={styles.author}>
          {author ? (
            <UserLink user={author} className={styles.authorName} />
          ) : (
            <span className={styles.authorName}>{t("Unknown User")}</span>
          )}
          <RankLabel rank={author?.rank} />
          {author?.title ? <span>{author.title}</span> : null}
          <DateTime date={dateInserted} />
          {dateUpdated ? <span>{t("edited")}</span> : null}
          {context}
          {select ? <span className={styles.postSelect}>{select}</span> : null}
        </div>
        {ignored && !bodyOverride ? (
          // A native disclosure: opens by keyboard and without JavaScript.
          <details className={styles.ignored} data-part="ignored-post">
            <summary>
              {t("Post from an ignored member")}
              <span className={styles.ignoredShow}>
                {" — "}
                <span>{t("Show")}</span>
              </span>
            </summary>
            {content}
          </details>
        ) : (
          content
        )}
        {afterBody}
        {signature && !ignored ? (
          <div
            className={`${styles.signature}${settings?.signaturesHideMobile ? ` ${styles.signatureHideMobile}` : ""}`}
            data-part="signature"
            dangerouslySetInnerHTML={{ __html: signature }}
          />
        ) : null}
        {/* One row under the post (as on Discourse): its reactions, then its buttons. */}
        <div className={styles.postFooter}>
          {reactionBar !== undefined ? (
            reactionBar
          ) : reactions && reactions.length > 0 ? (
            <ul className={styles.reactions} aria-label={t("Reactions")}>
              {reactions.map((reaction) => (
                <li key={reaction.tagID}>
                  {reactionName(reaction.name)} {reaction.count}
                </li>
              ))}
            </ul>
          ) : null}
          {children}
        </div>
      </div>
    </article>
  );
}
