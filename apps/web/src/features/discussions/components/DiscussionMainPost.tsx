import { useQuery } from "@tanstack/react-query";
import type { Discussion } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { ReactionsRow } from "../../reactions/index.ts";
import { meQuery } from "../../users/users.queries.ts";
import { BookmarkButton } from "./BookmarkButton.tsx";
import { discussionCache } from "./discussionCache.ts";
import { DiscussionOptionsMenu } from "./DiscussionOptionsMenu.tsx";
import { Post } from "./Post.tsx";
import { PostButtons } from "./PostButtons.tsx";
import { errorText } from "./useDiscussionToggles.ts";
import styles from "./DiscussionActions.module.css";

/** The discussion's own post: body, reactions row and post buttons. */
export function DiscussionMainPost({ discussion }: { discussion: Discussion }) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const { addToast } = useToast();
  return (
    <Post
      author={discussion.insertUser}
      dateInserted={discussion.dateInserted}
      dateUpdated={discussion.dateUpdated}
      body={discussion.body}
      reactionBar={
        <ReactionsRow
          recordType="discussion"
          recordID={discussion.discussionID}
          record={discussion}
          cache={discussionCache(discussion.discussionID)}
          viewer={me}
          onError={(error) => addToast({ toastID: "reaction", body: errorText(error), dismissible: true })}
        />
      }
    >
      <PostButtons
        discussion={discussion}
        record={{
          recordType: "discussion",
          recordID: discussion.discussionID,
          url: discussion.url,
          name: discussion.name,
        }}
      />
    </Post>
  );
}

/** Next to the title, for members: the bookmark toggle and the options menu. */
export function DiscussionHeaderActions({ discussion }: { discussion: Discussion }) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  if (!me || me.userID === 0) return null;
  return (
    <div className={styles.actions}>
      <BookmarkButton discussionID={discussion.discussionID} bookmarked={discussion.bookmarked} />
      <DiscussionOptionsMenu discussion={discussion} />
    </div>
  );
}
