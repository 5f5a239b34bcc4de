import { requireAccess } from "../../platform/auth/access.ts";
import type { Platform } from "../../platform/context.ts";
import { fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import type { LongRunnerContext } from "../../platform/long-runner/long-runner.ts";
import { writeChanges } from "../../platform/history/change-log.ts";
import { createCounters, type DiscussionsService } from "./comments.deps.ts";
import { commentsPolicy } from "./comments.policy.ts";
import type { CommentsRepo } from "./comments.repo.ts";

/**
 * Change a comment's author (`PATCH /comments/{id}` with `insertUserID`, spec §6 site.manage):
 * parse → load → authorize → one transaction (the author and both members' comment counts) → event.
 */
export async function changeCommentAuthor(
  deps: { repo: CommentsRepo; platform: Platform; discussions: DiscussionsService },
  commentID: number,
  insertUserID: number,
  context: LongRunnerContext,
): Promise<void> {
  const { viewer } = context;
  const comment = await deps.repo.findById(commentID);
  if (!comment) throw notFound("Comment");
  const discussion = await deps.discussions.load(comment.discussionID, viewer);
  requireAccess(viewer, commentsPolicy.canChangeAuthor);
  if (comment.insertUserID === insertUserID) return;
  if (!(await deps.repo.isActiveUser(insertUserID)))
    throw validationFailed([fieldError("insertUserID", "invalid", "The user does not exist.")]);
  await deps.platform.db.transaction().execute(async (trx) => {
    await writeChanges(trx, [
      {
        operation: "edit",
        recordType: "comment",
        recordID: comment.commentID,
        parentRecordID: comment.discussionID,
        data: comment,
        insertUserID: viewer.userID,
      },
    ]);
    await deps.repo.withTransaction(trx).update(comment.commentID, { insertUserID });
    const counters = createCounters(trx);
    await counters.adjustUser(comment.insertUserID, "countComments", -1);
    await counters.adjustUser(insertUserID, "countComments", 1);
  });
  await deps.platform.events.emit("comment.updated", {
    commentID: comment.commentID,
    discussionID: comment.discussionID,
    categoryID: discussion.categoryID,
    insertUserID,
    actorUserID: viewer.userID,
  });
}
