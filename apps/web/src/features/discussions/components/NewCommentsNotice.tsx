import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { t } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/button/Button.tsx";
import { refreshDiscussion } from "../discussions.refresh.ts";
import { useLiveComments } from "./useLiveComments.ts";
import styles from "./NewCommentsNotice.module.css";

/**
 * The discussion page's live part: when other members comment while it is read, a notice says how
 * many new comments there are; its button refreshes the discussion and goes to the first of them
 * (on whichever page it landed), moving focus there.
 */
export function NewCommentsNotice({
  discussionID,
  viewerID,
  shownIDs,
}: {
  discussionID: number;
  viewerID: number;
  shownIDs: readonly number[];
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { comments, clear } = useLiveComments(discussionID, viewerID, shownIDs);
  const first = comments[0];

  const handleShow = async () => {
    if (!first) return;
    await refreshDiscussion(queryClient, discussionID);
    clear();
    await navigate(`/discussion/comment/${first.commentID}`);
    const target = document.getElementById(`Comment_${first.commentID}`);
    if (target) {
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
  };

  return (
    <div className={styles.region} role="status">
      {first ? (
        <div className={styles.notice}>
          <span>
            {comments.length === 1
              ? t("There is 1 new comment.")
              : t("There are {count} new comments.", { count: comments.length })}
          </span>
          <Button buttonType="primary" size="medium" onPress={() => void handleShow()}>
            {comments.length === 1 ? t("Show it") : t("Show them")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
