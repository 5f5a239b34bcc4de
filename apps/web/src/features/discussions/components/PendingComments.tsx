import { type QueryClient } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import type { PendingPost } from "@parley/contracts";
import { premoderationEditMessages } from "@parley/contracts/premoderation-edits";
import type { ApiClient } from "../../../lib/api.ts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { myPendingPostsQuery, pendingPostAnchor } from "../../reports/index.ts";
import { meQuery } from "../../users/index.ts";
import styles from "../pages/DiscussionPage.module.css";

/**
 * One of the viewer's own held posts, as a post with its "Awaiting approval" mark (theirs alone to see); a held
 * edit of a published post (`isPendingUpdate`) says "Your edit is awaiting approval." and links to the post,
 * which shows its earlier text to everyone meanwhile.
 */
export function PendingPostItem({ post, author }: { post: PendingPost; author: { name: string; photoUrl: string } }) {
  const labelID = `${pendingPostAnchor(post.reportID)}-label`;
  const edited = post.isPendingUpdate && post.recordID !== null;
  return (
    <article
      id={pendingPostAnchor(post.reportID)}
      className={`${styles.post} ${styles.pendingPost}`}
      aria-describedby={labelID}
      data-part="pending-post"
    >
      <img className={styles.photo} src={author.photoUrl} alt="" width={40} height={40} loading="lazy" />
      <div className={styles.postMain}>
        <div className={styles.author}>
          <span className={styles.authorName}>{author.name}</span>
          <DateTime date={post.dateInserted} />
          <span id={labelID} className={styles.pendingBadge}>
            {edited ? t(premoderationEditMessages.awaiting) : t("Awaiting approval")}
          </span>
          {edited ? (
            <a href={post.kind === "comment" ? `#Comment_${post.recordID}` : "#"}>
              {post.kind === "comment" ? t("Go to the comment") : t("Go to the discussion")}
            </a>
          ) : null}
        </div>
        {post.name ? <h3 className={styles.pendingTitle}>{post.name}</h3> : null}
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: post.body }} />
        <p className={styles.pendingNote}>
          {edited
            ? t("Others see the earlier text until a moderator approves your edit.")
            : t("Only you can see this until a moderator approves it.")}
        </p>
      </div>
    </article>
  );
}

/**
 * The viewer's own comments in this discussion that wait for a moderator (premoderation), after the thread:
 * prefetched with the page, so they show after posting and on reload, with or without JavaScript.
 */
export function PendingComments({ discussionID }: { discussionID: number }) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const signedIn = (me?.userID ?? 0) > 0;
  const { data: pending } = useQuery({ ...myPendingPostsQuery(api, discussionID), enabled: signedIn });
  if (!me || !signedIn || !pending?.length) return null;
  return (
    <section aria-label={t("Your comments awaiting approval")}>
      {pending.map((post) => (
        <PendingPostItem key={post.reportID} post={post} author={me} />
      ))}
    </section>
  );
}

/** The discussion page's loader: the member's held comments there, rendered with the page. */
export const prefetchPendingComments = (queryClient: QueryClient, api: ApiClient, discussionID: number) =>
  queryClient.prefetchQuery(myPendingPostsQuery(api, discussionID));
