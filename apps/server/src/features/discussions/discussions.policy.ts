import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { DiscussionRow } from "./discussions.repo.ts";

type Row = Pick<DiscussionRow, "categoryID" | "insertUserID" | "closed" | "dateInserted">;
const inCategory = (row: Pick<DiscussionRow, "categoryID">) => ({ resourceID: row.categoryID });
const isAuthor = (viewer: Viewer, row: Pick<DiscussionRow, "insertUserID">) =>
  viewer.userID !== 0 && viewer.userID === row.insertUserID;

/** Who may do what with a discussion (spec §5, §6); category permissions in resourceIfJunction mode. */
export const discussionsPolicy = {
  canView: (viewer: Viewer, row: Pick<DiscussionRow, "categoryID">) => can(viewer, "discussions.view", inCategory(row)),
  canAdd: (viewer: Viewer, categoryID: number) => can(viewer, "discussions.add", { resourceID: categoryID }),

  /**
   * community.moderate and discussions.edit always; the author while the discussion is open and the
   * edit window (seconds, -1 = no limit) has not passed.
   */
  canEdit(viewer: Viewer, row: Row, editTimeoutSeconds: number, now = Date.now()): boolean {
    if (can(viewer, "community.moderate") || can(viewer, "discussions.edit", inCategory(row))) return true;
    if (!isAuthor(viewer, row) || row.closed === 1 || !can(viewer, "session.valid")) return false;
    return editTimeoutSeconds < 0 || now - Date.parse(row.dateInserted) <= editTimeoutSeconds * 1000;
  },
  canDelete: (viewer: Viewer, row: Row) => can(viewer, "discussions.delete", inCategory(row)),
  canClose: (viewer: Viewer, row: Row) =>
    can(viewer, "discussions.close", inCategory(row)) || (isAuthor(viewer, row) && can(viewer, "discussions.closeOwn")),
  /** Sink and announce: the category's discussions.sink / discussions.announce, or community.manage (spec §6). */
  canSink: (viewer: Viewer, row: Pick<DiscussionRow, "categoryID">) =>
    can(viewer, "community.manage") || can(viewer, "discussions.sink", inCategory(row)),
  canAnnounce: (viewer: Viewer, row: Pick<DiscussionRow, "categoryID">) =>
    can(viewer, "community.manage") || can(viewer, "discussions.announce", inCategory(row)),
  /** Change author (spec §6). */
  canChangeAuthor: (viewer: Viewer) => can(viewer, "site.manage"),
  canMove: (viewer: Viewer, row: Row) => can(viewer, "discussions.edit", inCategory(row)),
  canBump: (viewer: Viewer) => can(viewer, "curation.manage"),
  /** Bulk actions on the category's discussions (spec §6): delete + edit there (the consolidated name). */
  canManage: (viewer: Viewer, row: Pick<DiscussionRow, "categoryID">) =>
    can(viewer, "discussions.manage", inCategory(row)),
  canResolve: (viewer: Viewer) => can(viewer, "staff.allow"),
  /** Reply: comments.add; on a closed discussion also discussions.close (spec §5). */
  canComment: (viewer: Viewer, row: Row) =>
    can(viewer, "comments.add", inCategory(row)) &&
    (row.closed !== 1 || can(viewer, "discussions.close", inCategory(row))),

  /** The per-record `permissions` of expand=permissions, so the UI can gate its actions. */
  recordPermissions(viewer: Viewer, row: Row, editTimeoutSeconds: number): Record<string, boolean> {
    return {
      "discussions.edit": discussionsPolicy.canEdit(viewer, row, editTimeoutSeconds),
      "discussions.delete": discussionsPolicy.canDelete(viewer, row),
      "discussions.close": discussionsPolicy.canClose(viewer, row),
      "discussions.sink": discussionsPolicy.canSink(viewer, row),
      "discussions.announce": discussionsPolicy.canAnnounce(viewer, row),
      "discussions.move": discussionsPolicy.canMove(viewer, row),
      "discussions.manage": discussionsPolicy.canManage(viewer, row),
      "comments.add": discussionsPolicy.canComment(viewer, row),
      "curation.manage": discussionsPolicy.canBump(viewer),
      "staff.allow": discussionsPolicy.canResolve(viewer),
      "site.manage": discussionsPolicy.canChangeAuthor(viewer),
    };
  },
};
