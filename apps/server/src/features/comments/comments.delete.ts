import { requireAccess } from "../../platform/auth/access.ts";
import { notFound } from "../../platform/errors.ts";
import { writeChanges } from "../../platform/history/change-log.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { deletedComment } from "./comments.bulk-delete.ts";
import { createCounters } from "./comments.deps.ts";
import { eventOf, type CommentsDeps } from "./comments.operation.ts";
import { commentsPolicy as policy } from "./comments.policy.ts";
import { loadComment } from "./comments.read.ts";

/**
 * `DELETE /comments/{id}`: load (the comment, in a discussion the viewer may view) → authorize
 * (comments.delete there) → load the category's ancestry → one transaction (the discussion's row locked
 * first, the comment and its revision, the discussion, category and author counts) → `comment.deleted`.
 */
export async function deleteComment(deps: CommentsDeps, id: number, context: RequestContext): Promise<void> {
  const { repo, platform, discussions } = deps;
  const { viewer } = context;
  const { comment, discussion } = await loadComment(deps, id, viewer);
  requireAccess(viewer, policy.canDelete, discussion);
  const chain = await discussions.ancestry(discussion.categoryID);
  await platform.db.transaction().execute(async (trx) => {
    const scoped = repo.withTransaction(trx);
    const counters = createCounters(trx);
    // The discussion's row first (as every writer of its counts does), then the categories', then the comment
    // and the members' rows its removal changes (its reactions' points): a comment's create changes the
    // categories' counts before its author's, and a delete that took a member's row first deadlocked with it
    // (PostgreSQL, durability.e2e). A concurrent delete of the same comment got there first when it is gone (and
    // took its counts): the transaction is rolled back.
    const locked = (await counters.lockDiscussions([discussion.discussionID])).get(discussion.discussionID);
    if (!locked) throw notFound("Comment");
    await counters.adjustCategories(
      locked.categoryID === discussion.categoryID ? chain : await discussions.ancestry(locked.categoryID),
      0,
      -1,
    );
    if (!(await scoped.remove(comment.commentID, discussion.discussionID))) throw notFound("Comment");
    await writeChanges(trx, [deletedComment(comment, viewer.userID)]);
    await counters.refreshDiscussion(discussion.discussionID, -1);
    await counters.adjustUser(comment.insertUserID, "countComments", -1);
  });
  await platform.events.emit("comment.deleted", eventOf(comment, discussion.categoryID, viewer));
}
