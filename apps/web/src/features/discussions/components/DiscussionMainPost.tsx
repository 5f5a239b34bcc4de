import { useEffect } from "react";
import { useQuery } from "../../../lib/query.ts";
import type { Discussion } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { onDemand, useOnDemand } from "../../../ui/on-demand.ts";
import { useToast } from "../../../ui/toast/ToastProvider.tsx";
import { AttachmentsSlot } from "../../attachments/index.ts";
import { PostMetaSlot } from "../../post-types/index.ts";
import { ReactionsRow } from "../../reactions/index.ts";
import { meQuery } from "../../users/index.ts";
import { discussionCache } from "./postCaches.ts";
import { Post } from "./Post.tsx";
import { PostButtons } from "./PostButtons.tsx";
import { errorText } from "./errorText.ts";

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
      afterBody={
        <>
          {discussion.postMeta && Object.keys(discussion.postMeta).length > 0 ? (
            <PostMetaSlot postTypeID={discussion.postTypeID ?? discussion.type} postMeta={discussion.postMeta} />
          ) : null}
          <AttachmentsSlot discussionID={discussion.discussionID} me={me} />
        </>
      }
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
        authorName={discussion.insertUser?.name}
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

/**
 * Members' controls by the title, on demand: before hydrating when the server rendered them, else when a
 * member's page shows them; guests' reading pages never load them.
 */
const memberActions = onDemand(() => import("./DiscussionMemberActions.tsx"), {
  rendered: "[data-part=discussion-actions]",
});

/** Next to the title, for members: the bookmark toggle and the options menu. */
export function DiscussionHeaderActions({ discussion }: { discussion: Discussion }) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const isMember = Boolean(me && me.userID !== 0);
  const { module, preload } = useOnDemand(memberActions);
  useEffect(() => {
    if (isMember) preload();
  }, [isMember, preload]);
  if (!isMember || !module) return null;
  return <module.DiscussionMemberActions discussion={discussion} />;
}
