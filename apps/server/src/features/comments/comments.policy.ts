import { permissionRule, rule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { CommentRow } from "./comments.repo.ts";

type Discussion = { categoryID: number; closed: number };

/** Who may edit or delete a comment (spec §5, §6). */
export const commentsPolicy = {
  /** community.moderate and comments.edit always; the author while the discussion is open and within the edit window. */
  canEdit: rule<
    [
      comment: Pick<CommentRow, "insertUserID" | "dateInserted">,
      discussion: Discussion,
      editTimeoutSeconds: number,
      /** The platform clock's now, in ms. */
      now: number,
    ]
  >("comments.edit", (viewer, comment, discussion, editTimeoutSeconds, now) => {
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
  }),
  canDelete: rule("comments.delete", (viewer: Viewer, discussion: Pick<Discussion, "categoryID">) =>
    can(viewer, "comments.delete", { resourceID: discussion.categoryID }),
  ),
  /** Reply in the discussion's category (a closed discussion asks more: discussionsPolicy.canComment). */
  canAdd: rule("comments.add", (viewer: Viewer, discussion: Pick<Discussion, "categoryID">) =>
    can(viewer, "comments.add", { resourceID: discussion.categoryID }),
  ),
  /** Change a comment's author (spec §6). */
  canChangeAuthor: permissionRule("site.manage"),
  /** Moderators see report counts. */
  isModerator: permissionRule("community.moderate"),

  recordPermissions(
    viewer: Viewer,
    comment: Pick<CommentRow, "insertUserID" | "dateInserted">,
    discussion: Discussion,
    timeout: number,
    now: number,
  ) {
    return {
      "comments.edit": commentsPolicy.canEdit(viewer, comment, discussion, timeout, now),
      "comments.delete": commentsPolicy.canDelete(viewer, discussion),
    };
  },
};
