import type { Selectable } from "kysely";
import { authorize } from "../../platform/auth/authorize.ts";
import type { DiscussionsTable } from "../../platform/db/schema.ts";
import { writeChanges, type ChangeEntry } from "../../platform/history/change-log.ts";
import { notFound } from "../../platform/errors.ts";
import type { BatchOutcome, LongRunnerAction, LongRunnerContext } from "../../platform/long-runner/long-runner.ts";
import { failureOf } from "../../platform/long-runner/long-runner.ts";
import type { Platform } from "../../platform/context.ts";
import { createCounters, type DiscussionsService } from "./comments.deps.ts";
import type { CommentRow, CommentsRepo } from "./comments.repo.ts";
import { isTombstone } from "./comments.present.ts";
import { parseAttributes } from "../../platform/records.ts";
import { nowIso } from "../../platform/dates.ts";

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
      await writeChanges(
        trx,
        fresh.map(({ comment }) => deletedComment(comment, viewer.userID)),
      );
      for (const { comment } of fresh) {
        await scoped.removeReactions(comment.commentID);
        await scoped.update(comment.commentID, {
          body: "",
          format: "text",
          attributes: JSON.stringify({ ...parseAttributes(comment.attributes), tombstone: true }),
          dateUpdated: nowIso(),
          updateUserID: viewer.userID,
        });
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
          authorize(viewer, "discussions.view", { resourceID: discussion.categoryID });
          authorize(viewer, "comments.delete", { resourceID: discussion.categoryID });
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
      const removedPer = new Map<number, number>();
      for (const { discussion } of allowed)
        removedPer.set(discussion.discussionID, (removedPer.get(discussion.discussionID) ?? 0) + 1);

      await deps.platform.db.transaction().execute(async (trx) => {
        const scoped = deps.repo.withTransaction(trx);
        const counters = createCounters(trx);
        await writeChanges(
          trx,
          allowed.map(({ comment }) => deletedComment(comment, viewer.userID)),
        );
        for (const { comment, discussion } of allowed) {
          await scoped.remove(comment.commentID);
          await counters.adjustCategories(chains.get(discussion.categoryID)!, 0, -1);
          await counters.adjustUser(comment.insertUserID, "countComments", -1);
        }
        for (const [discussionID, removed] of removedPer) {
          const discussion = parents.get(discussionID)!;
          const latest = await scoped.latestOf(discussionID);
          await scoped.updateDiscussion(discussionID, {
            countComments: Math.max(0, discussion.countComments - removed),
            lastCommentID: latest?.commentID ?? null,
            lastUserID: latest?.insertUserID ?? discussion.insertUserID,
            ...(discussion.sink === 1 ? {} : { dateLastComment: latest?.dateInserted ?? discussion.dateInserted }),
          });
        }
      });
      await announce("comment.deleted", allowed, viewer.userID);
      return { successIDs: allowed.map(({ comment }) => comment.commentID), failures };
    },
  };
}
