import type { Selectable } from "kysely";
import { requireAccess } from "../../platform/auth/access.ts";
import type { DiscussionsTable } from "../../platform/db/schema.ts";
import { writeChanges, type ChangeEntry } from "../../platform/history/change-log.ts";
import { notFound } from "../../platform/errors.ts";
import type { BatchOutcome, LongRunnerAction, LongRunnerContext } from "../../platform/long-runner/long-runner.ts";
import { failureOf } from "../../platform/long-runner/long-runner.ts";
import type { Platform } from "../../platform/context.ts";
import {
  answersOf,
  createCounters,
  discussionsPolicy,
  refreshQuestion,
  setAnswerStatus,
  type DiscussionsService,
} from "./comments.deps.ts";
import { commentsPolicy } from "./comments.policy.ts";
import type { CommentRow, CommentsRepo } from "./comments.repo.ts";
import { isTombstone } from "./comments.present.ts";
import { parseAttributes } from "../../platform/records.ts";

type DiscussionRow = Selectable<DiscussionsTable>;

/** The history entry of a deleted comment (restorable by a moderator). */
export const deletedComment = (comment: CommentRow, actorUserID: number): ChangeEntry => ({
  operation: "delete",
  recordType: "comment",
  recordID: comment.commentID,
  parentRecordID: comment.discussionID,
  data: comment,
  insertUserID: actorUserID,
});

export interface CommentDeleteArgs {
  deleteMethod?: "full" | "tombstone";
}

/**
 * `DELETE /comments/list`, one batch: parse → load (the comments, then their discussions, one query
 * each) → authorize (view and comments.delete in the discussion's category) → one transaction (the
 * comments, their reactions, and the counts of their discussions, categories and authors) → events.
 */
export function bulkDeleteCommentsAction(deps: {
  repo: CommentsRepo;
  platform: Platform;
  discussions: DiscussionsService;
}): LongRunnerAction<CommentDeleteArgs> {
  /** The batch's events, after its transaction. */
  async function announce(
    name: "comment.updated" | "comment.deleted",
    done: Array<{ comment: CommentRow; discussion: DiscussionRow }>,
    actorUserID: number,
  ): Promise<void> {
    for (const { comment, discussion } of done) {
      await deps.platform.events.emit(name, {
        commentID: comment.commentID,
        discussionID: comment.discussionID,
        categoryID: discussion.categoryID,
        insertUserID: comment.insertUserID,
        actorUserID,
      });
    }
  }

  /**
   * deleteMethod=tombstone: each comment keeps its place (and its replies, and the counts) with its text
   * gone and its reactions removed; the text goes to the history, where a moderator may restore it.
   * A tombstone already is one: it succeeds without a second history entry.
   */
  async function tombstone(
    allowed: Array<{ comment: CommentRow; discussion: DiscussionRow }>,
    failures: BatchOutcome["failures"],
    { viewer }: LongRunnerContext,
  ): Promise<BatchOutcome> {
    const fresh = allowed.filter(({ comment }) => !isTombstone(comment));
    await deps.platform.db.transaction().execute(async (trx) => {
      const scoped = deps.repo.withTransaction(trx);
      // An accepted answer made a tombstone is accepted no more: its points are taken back (where they were
      // given) and its question's status worked out again, under the question's row lock.
      const judged = await answersOf(
        trx,
        fresh.map(({ comment }) => comment.commentID),
      );
      const accepted = fresh.filter(({ comment }) => judged.get(comment.commentID)?.status === "accepted");
      const questions = [...new Set(accepted.map(({ comment }) => comment.discussionID))];
      const locked = await createCounters(trx).lockDiscussions(questions);
      for (const { comment } of accepted) {
        const question = locked.get(comment.discussionID);
        if (!question) continue;
        await setAnswerStatus(
          trx,
          comment.commentID,
          "pending",
          { userID: viewer.userID, date: deps.platform.clock.nowIso() },
          { points: 0, authorID: comment.insertUserID, categoryID: question.categoryID },
        );
      }
      for (const discussionID of questions) await refreshQuestion(trx, discussionID);
      await writeChanges(
        trx,
        fresh.map(({ comment }) => deletedComment(comment, viewer.userID)),
      );
      for (const { comment } of fresh) {
        // The row first (its lock makes a concurrent reaction's points and row go together), then the
        // reactions: the score they made goes with them.
        await scoped.update(comment.commentID, {
          body: "",
          format: "text",
          attributes: JSON.stringify({ ...parseAttributes(comment.attributes), tombstone: true }),
          dateUpdated: deps.platform.clock.nowIso(),
          updateUserID: viewer.userID,
          score: 0,
        });
        await scoped.removeReactions(comment.commentID);
      }
    });
    await announce("comment.updated", fresh, viewer.userID);
    return { successIDs: allowed.map(({ comment }) => comment.commentID), failures };
  }

  return {
    name: "comments.delete",
    async runBatch(ids, args, context: LongRunnerContext): Promise<BatchOutcome> {
      const { viewer } = context;
      const comments = new Map((await deps.repo.findByIds(ids)).map((row) => [row.commentID, row]));
      const parents = new Map(
        (await deps.repo.discussionsByIds([...new Set([...comments.values()].map((row) => row.discussionID))])).map(
          (row) => [row.discussionID, row],
        ),
      );
      const failures: BatchOutcome["failures"] = new Map();
      const allowed: Array<{ comment: CommentRow; discussion: DiscussionRow }> = [];
      for (const id of ids) {
        const comment = comments.get(id);
        const discussion = comment ? parents.get(comment.discussionID) : undefined;
        try {
          if (!comment || !discussion) throw notFound("Comment");
          requireAccess(viewer, discussionsPolicy.canView, discussion);
          requireAccess(viewer, commentsPolicy.canDelete, discussion);
          allowed.push({ comment, discussion });
        } catch (error) {
          failures.set(id, failureOf(error));
        }
      }
      if (allowed.length === 0) return { successIDs: [], failures };
      if (args.deleteMethod === "tombstone") return tombstone(allowed, failures, context);
      const chains = new Map<number, number[]>();
      for (const { discussion } of allowed) {
        if (!chains.has(discussion.categoryID))
          chains.set(discussion.categoryID, await deps.discussions.ancestry(discussion.categoryID));
      }
      const removed: typeof allowed = [];
      await deps.platform.db.transaction().execute(async (trx) => {
        const scoped = deps.repo.withTransaction(trx);
        const counters = createCounters(trx);
        // One order for every writer: the discussions' rows (their counts change under the lock), the categories'
        // counts, then the members' rows (a comment's removal takes its reactions' points back from its author).
        const locked = await counters.lockDiscussions([...parents.keys()]);
        // A concurrent delete of a comment (or of its discussion) took its counts away already.
        const current = await scoped.lockForRemoval(allowed.map(({ comment }) => comment.commentID));
        const removing = allowed.filter(({ comment, discussion }) => {
          const there =
            locked.has(discussion.discussionID) && current.get(comment.commentID) === discussion.discussionID;
          current.delete(comment.commentID); // Once, though the batch names it twice.
          return there;
        });
        const perCategory = new Map<number, number>();
        for (const { discussion } of removing) {
          const categoryID = locked.get(discussion.discussionID)!.categoryID;
          perCategory.set(categoryID, (perCategory.get(categoryID) ?? 0) + 1);
        }
        for (const [categoryID, count] of [...perCategory].sort(([a], [b]) => a - b))
          await counters.adjustCategories(
            chains.get(categoryID) ?? (await deps.discussions.ancestry(categoryID)),
            0,
            -count,
          );
        const removedPer = new Map<number, number>();
        const authors = new Map<number, number>();
        for (const entry of removing) {
          const { comment, discussion } = entry;
          // Locked above, in that discussion: it is there to remove.
          await scoped.remove(comment.commentID, discussion.discussionID);
          removed.push(entry);
          removedPer.set(discussion.discussionID, (removedPer.get(discussion.discussionID) ?? 0) + 1);
          authors.set(comment.insertUserID, (authors.get(comment.insertUserID) ?? 0) + 1);
        }
        for (const [userID, count] of [...authors].sort(([a], [b]) => a - b))
          await counters.adjustUser(userID, "countComments", -count);
        await writeChanges(
          trx,
          removed.map(({ comment }) => deletedComment(comment, viewer.userID)),
        );
        for (const [discussionID, count] of removedPer) await counters.refreshDiscussion(discussionID, -count);
      });
      await announce("comment.deleted", removed, viewer.userID);
      return { successIDs: allowed.map(({ comment }) => comment.commentID), failures };
    },
  };
}
