import type { Discussion } from "@parley/contracts";
import { BookmarkButton } from "./BookmarkButton.tsx";
import { DiscussionOptionsMenu } from "./DiscussionOptionsMenu.tsx";
import styles from "./DiscussionActions.module.css";

/** Next to the title, for members: the bookmark toggle and the options menu (loaded on demand). */
export function DiscussionMemberActions({ discussion }: { discussion: Discussion }) {
  return (
    <div className={styles.actions} data-part="discussion-actions">
      <BookmarkButton discussionID={discussion.discussionID} bookmarked={discussion.bookmarked} />
      <DiscussionOptionsMenu discussion={discussion} />
    </div>
  );
}
