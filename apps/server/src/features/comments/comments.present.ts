import type { Comment, UserFragment } from "@parley/contracts";
import { toRfc3339 } from "../../platform/dates.ts";
import { parseAttributes } from "../../platform/records.ts";
import { censorText, renderBody, type PostFormat } from "../../platform/render/index.ts";
import { unknownUser, type Expansions } from "./comments.deps.ts";
import type { CommentRow } from "./comments.repo.ts";

/** The text a tombstone shows instead of the deleted comment's. */
export const tombstoneText = "This comment has been deleted.";

/** Whether a comment row is a tombstone (deleted with deleteMethod=tombstone). */
export const isTombstone = (row: Pick<CommentRow, "attributes">) =>
  parseAttributes(row.attributes)["tombstone"] === true;

export const commentUrl = (origin: string, commentID: number) =>
  `${origin}/discussion/comment/${commentID}#Comment_${commentID}`;

export interface CommentPresentContext {
  origin: string;
  expand: Expansions;
  discussion: { discussionID: number; name: string; categoryID: number; groupID?: number | null } | undefined;
  users: Map<number, UserFragment>;
  permissions?: Record<string, boolean>;
  reactions?: Comment["reactions"];
}

export function presentComment(row: CommentRow, context: CommentPresentContext): Comment {
  const { origin, expand, discussion } = context;
  const comment: Comment = {
    commentID: row.commentID,
    discussionID: row.discussionID,
    parentRecordType: "discussion",
    parentRecordID: row.discussionID,
    ...(row.parentCommentID === null ? {} : { parentCommentID: row.parentCommentID }),
    depth: row.depth,
    name: `Re: ${censorText(discussion?.name ?? "")}`,
    categoryID: discussion?.categoryID ?? 0,
    groupID: discussion?.groupID ?? null,
    dateInserted: toRfc3339(row.dateInserted),
    dateUpdated: row.dateUpdated === null ? null : toRfc3339(row.dateUpdated),
    insertUserID: row.insertUserID,
    updateUserID: row.updateUserID,
    score: row.score,
    attributes: parseAttributes(row.attributes),
    url: commentUrl(origin, row.commentID),
  };
  if (isTombstone(row)) comment.displayMode = "tombstone";
  if (expand.hasDefault("body"))
    comment.body = isTombstone(row)
      ? renderBody(tombstoneText, "text", { origin })
      : renderBody(row.body, row.format as PostFormat, { origin });
  if (expand.hasDefault("insertUser")) comment.insertUser = context.users.get(row.insertUserID) ?? unknownUser(origin);
  if (expand.has("permissions") && context.permissions) comment.permissions = context.permissions;
  if (context.reactions) comment.reactions = context.reactions;
  return comment;
}
