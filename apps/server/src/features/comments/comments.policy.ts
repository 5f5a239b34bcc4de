import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { CommentRow } from "./comments.repo.ts";

type Discussion = { categoryID: number; closed: number };

/** Who may edit or delete a comment (spec §5, §6). */
export const commentsPolicy = {
  /** community.moderate and comments.edit always; the author while the discussion is open and within the edit window. */
  canEdit(
    viewer: Viewer,
    comment: Pick<CommentRow, "insertUserID" | "dateInserted">,
    discussion: Discussion,
    editTimeoutSeconds: number,
    now = Date.now(),
  ) {
    if (can(viewer, "community.moderate") || can(viewer, "comments.edit", { resourceID: discussion.categoryID }))
      return true;
    if (
      viewer.userID === 0 ||
      viewer.userID !== comment.insertUserID ||
      discussion.closed === 1 ||
      !can(viewer, "session.valid")
    )
      return false;
    return editTimeoutSeconds < 0 || now - Date.parse(comment.dateInserted) <= editTimeoutSeconds * 1000;
  },
  canDelete: (viewer: Viewer, discussion: Discussion) =>
    can(viewer, "comments.delete", { resourceID: discussion.categoryID }),

  recordPermissions(
    viewer: Viewer,
    comment: Pick<CommentRow, "insertUserID" | "dateInserted">,
    discussion: Discussion,
    timeout: number,
  ) {
    return {
      "comments.edit": commentsPolicy.canEdit(viewer, comment, discussion, timeout),
      "comments.delete": commentsPolicy.canDelete(viewer, discussion),
    };
  },
};
