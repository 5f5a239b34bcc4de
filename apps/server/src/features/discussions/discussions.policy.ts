import { categoryRule, permissionRule, rule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { DiscussionRow } from "./discussions.repo.ts";

type Row = Pick<DiscussionRow, "categoryID" | "insertUserID" | "closed" | "dateInserted">;
type InCategory = Pick<DiscussionRow, "categoryID">;
const inCategory = (row: InCategory) => ({ resourceID: row.categoryID });
const isAuthor = (viewer: Viewer, row: Pick<DiscussionRow, "insertUserID">) =>
  viewer.userID !== 0 && viewer.userID === row.insertUserID;

const editsAny = rule("discussions.edit", (viewer: Viewer, row: InCategory) =>
  can(viewer, "discussions.edit", inCategory(row)),
);

const closesAny = rule("discussions.close", (viewer: Viewer, row: InCategory) =>
  can(viewer, "discussions.close", inCategory(row)),
);

/** community.moderate, or discussions.moderate in the discussion's category. */
const moderates = rule(
  "discussions.moderate",
  (viewer: Viewer, row: InCategory) =>
    can(viewer, "community.moderate") || can(viewer, "discussions.moderate", inCategory(row)),
);

/** Who may do what with a discussion (spec §5, §6); category permissions in resourceIfJunction mode. */
export const discussionsPolicy = {
  canView: rule("discussions.view", (viewer: Viewer, row: InCategory) =>
    can(viewer, "discussions.view", inCategory(row)),
  ),
  canAdd: categoryRule("discussions.add"),

  /**
   * community.moderate and discussions.edit always; the author while the discussion is open and the
   * edit window (seconds, -1 = no limit) has not passed by `now` (the platform clock's, in ms).
   */
  canEdit: rule<[row: Row, editTimeoutSeconds: number, now: number]>(
    "discussions.edit",
    (viewer, row, editTimeoutSeconds, now) => {
      if (can(viewer, "community.moderate") || can(viewer, "discussions.edit", inCategory(row))) return true;
      if (!isAuthor(viewer, row) || row.closed === 1 || !can(viewer, "session.valid")) return false;
      return editTimeoutSeconds < 0 || now - Date.parse(row.dateInserted) <= editTimeoutSeconds * 1000;
    },
  ),
  /** Edit any discussion of the category, whoever wrote it (its type; merge): discussions.edit there. */
  canEditAny: editsAny,
  canDelete: rule("discussions.delete", (viewer: Viewer, row: InCategory) =>
    can(viewer, "discussions.delete", inCategory(row)),
  ),
  /** Close any discussion of the category (and post one closed). */
  canCloseAny: closesAny,
  canClose: rule(
    "discussions.close",
    (viewer: Viewer, row: Row) =>
      closesAny(viewer, row) || (isAuthor(viewer, row) && can(viewer, "discussions.closeOwn")),
  ),
  /** Sink and announce: the category's discussions.sink / discussions.announce, or community.manage (spec §6). */
  canSink: rule(
    "discussions.sink",
    (viewer: Viewer, row: InCategory) =>
      can(viewer, "community.manage") || can(viewer, "discussions.sink", inCategory(row)),
  ),
  canAnnounce: rule(
    "discussions.announce",
    (viewer: Viewer, row: InCategory) =>
      can(viewer, "community.manage") || can(viewer, "discussions.announce", inCategory(row)),
  ),
  /** Change author (spec §6). */
  canChangeAuthor: permissionRule("site.manage"),
  /** Move out of the category, and into it: discussions.edit in both. */
  canMove: editsAny,
  canBump: permissionRule("curation.manage"),
  /** Split comments off into a new discussion: comments.edit in the source's category. */
  canSplit: rule("comments.edit", (viewer: Viewer, row: InCategory) => can(viewer, "comments.edit", inCategory(row))),
  /** Tag a discussion (besides editing it). */
  canTag: permissionRule("tags.add"),
  /**
   * Moderators see report counts, others' bookmarked and participated lists, and post without flood control.
   */
  isModerator: permissionRule("community.moderate"),
  /** Bulk actions on the category's discussions (spec §6): delete + edit there (the consolidated name). */
  canManage: (viewer: Viewer, row: Pick<DiscussionRow, "categoryID">) =>
    can(viewer, "discussions.manage", inCategory(row)),
  canResolve: permissionRule("staff.allow"),
  /**
   * Accept or reject a question's answers (the QnA add-on): the asker, or whoever moderates the category's
   * discussions (discussions.manage there, or community.moderate).
   */
  canJudgeAnswers: rule(
    "discussions.manage",
    (viewer: Viewer, row: Pick<DiscussionRow, "categoryID" | "insertUserID">) =>
      (isAuthor(viewer, row) && can(viewer, "session.valid")) ||
      can(viewer, "community.moderate") ||
      can(viewer, "discussions.manage", inCategory(row)),
  ),
  /**
   * Vote on an idea (the ideation add-on), as Vanilla votes through its Up and Down reactions: a signed-in member
   * with reactions.positive.add (up) or reactions.negative.add (down); taking a vote back needs only to be signed in.
   */
  canVote: rule(
    (_row: InCategory, vote: "up" | "down" | "none") =>
      vote === "down" ? "reactions.negative.add" : vote === "up" ? "reactions.positive.add" : "session.valid",
    (viewer: Viewer, _row: InCategory, vote: "up" | "down" | "none") =>
      viewer.userID !== 0 &&
      can(viewer, "session.valid") &&
      (vote === "none" || can(viewer, vote === "down" ? "reactions.negative.add" : "reactions.positive.add")),
  ),
  /** Set an idea's status and notes (the ideation add-on): community.moderate, or discussions.moderate there. */
  canSetIdeaStatus: moderates,
  /** Set or remove the discussion's canonical address: its moderators, as for its status. */
  canSetCanonicalUrl: moderates,
  /** Add, change and delete the idea statuses: administrators (Vanilla's Garden.Settings.Manage). */
  canManageStatuses: permissionRule("site.manage"),
  /**
   * Vote in a poll (the polls add-on): a signed-in member (who may view the discussion, checked when it is
   * loaded; banned accounts hold no permission).
   */
  canVotePoll: rule("session.valid", (viewer: Viewer) => viewer.userID !== 0 && can(viewer, "session.valid")),
  /**
   * Edit a poll (its question, options, close date, who sees the results): its author, community.moderate, or
   * discussions.edit in the category.
   */
  canEditPoll: rule(
    "discussions.edit",
    (viewer: Viewer, row: Row) =>
      (isAuthor(viewer, row) && can(viewer, "session.valid")) ||
      can(viewer, "community.moderate") ||
      can(viewer, "discussions.edit", inCategory(row)),
  ),
  /** Reply: comments.add; on a closed discussion also discussions.close (spec §5). */
  canComment: (viewer: Viewer, row: Row) =>
    can(viewer, "comments.add", inCategory(row)) &&
    (row.closed !== 1 || can(viewer, "discussions.close", inCategory(row))),

  /** The per-record `permissions` of expand=permissions, so the UI can gate its actions. */
  recordPermissions(viewer: Viewer, row: Row, editTimeoutSeconds: number, now: number): Record<string, boolean> {
    return {
      "discussions.edit": discussionsPolicy.canEdit(viewer, row, editTimeoutSeconds, now),
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
      /** Accept or reject the answers, were it a question (the QnA add-on). */
      "qna.accept": discussionsPolicy.canJudgeAnswers(viewer, row),
      /** Vote up (and down) on it and set its status, were it an idea (the ideation add-on). */
      "ideation.vote": discussionsPolicy.canVote(viewer, row, "up"),
      "ideation.voteDown": discussionsPolicy.canVote(viewer, row, "down"),
      "ideation.status": discussionsPolicy.canSetIdeaStatus(viewer, row),
      /** Vote in its poll and edit it, were it a poll (the polls add-on). */
      "polls.vote": discussionsPolicy.canVotePoll(viewer),
      "polls.edit": discussionsPolicy.canEditPoll(viewer, row),
    };
  },
};
