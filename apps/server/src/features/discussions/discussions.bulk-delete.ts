import type { Kysely } from "kysely";
import { requireAccess } from "../../platform/auth/access.ts";
import type { DB } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/errors.ts";
import type { BatchOutcome, LongRunnerAction, LongRunnerContext } from "../../platform/long-runner/long-runner.ts";
import { failureOf } from "../../platform/long-runner/long-runner.ts";
import { writeChanges } from "../../platform/history/change-log.ts";
import { createTagsRepo } from "../tags/index.ts";
import { lockRowsExclusively } from "../../platform/db/row-locks.ts";
import { createCounters } from "./counters.repo.ts";
import type { DiscussionRow, DiscussionsRepo } from "./discussions.repo.ts";
import type { DiscussionWriteDeps } from "./discussions.bulk.ts";
import { discussionsPolicy } from "./discussions.policy.ts";

/**
 * Removes discussions' rows inside the caller's transaction (no counts, no history): their tags, then
 * everything `DiscussionsRepo.remove` drops with them, in a fixed number of statements however many.
 * Deletion and merge (for its sources) both end here.
 */
export async function removeDiscussionRecords(trx: Kysely<DB>, repo: DiscussionsRepo, discussionIDs: number[]) {
  await createTagsRepo(trx).clearDiscussionsTags(discussionIDs);
  await repo.withTransaction(trx).remove(discussionIDs);
}

/**
 * Deletes discussions inside the caller's transaction: their tags, comments, reactions, notifications
 * and members' states, and the counts they held (categories up the tree, the authors' and commenters'
 * post counts). Answers the ones it deleted (not those a concurrent request deleted first).
 */
export async function deleteDiscussionRows(
  trx: Kysely<DB>,
  repo: DiscussionsRepo,
  rows: Array<{ row: DiscussionRow; chain: number[] }>,
  actorUserID: number,
): Promise<DiscussionRow[]> {
  // No comment comes under them while their comments are counted and removed; one already deleted by a
  // concurrent request has given its counts back.
  const present = await lockRowsExclusively(
    trx,
    "discussions",
    "discussionID",
    rows.map(({ row }) => row.discussionID),
  );
  const deleting = rows.filter(({ row }) => present.has(row.discussionID));
  await writeChanges(
    trx,
    deleting.map(({ row }) => ({
      operation: "delete" as const,
      recordType: "discussion" as const,
      recordID: row.discussionID,
      parentRecordID: row.categoryID,
      data: row,
      insertUserID: actorUserID,
    })),
  );
  const scoped = repo.withTransaction(trx);
  const counters = createCounters(trx);
  // The categories' counts are changed before anything touches a member's row (the records' removal takes their
  // reactions' points back), and the members' counts last, in userID order: every writer changes the categories'
  // counts before a member's (a comment's create does), so a delete that took a member's row first deadlocked with
  // a comment posted in the same category by one of the discussion's commenters (PostgreSQL, durability.e2e).
  const members = new Map<number, { countComments: number; countDiscussions: number }>();
  const memberOf = (userID: number) =>
    members.get(userID) ?? members.set(userID, { countComments: 0, countDiscussions: 0 }).get(userID)!;
  const ids = deleting.map(({ row }) => row.discussionID);
  const commentCounts = await scoped.commentCountsByUser(ids);
  // The categories' counts, summed per category chain: one update per chain, in the order of their own category.
  const chains = new Map<string, { chain: number[]; discussions: number; comments: number }>();
  for (const { row, chain } of deleting) {
    let comments = 0;
    for (const [userID, count] of commentCounts.get(row.discussionID) ?? []) {
      memberOf(userID).countComments -= count;
      comments += count;
    }
    const key = chain.join(",");
    const sum = chains.get(key) ?? chains.set(key, { chain, discussions: 0, comments: 0 }).get(key)!;
    sum.discussions += 1;
    sum.comments += comments;
    memberOf(row.insertUserID).countDiscussions -= 1;
  }
  for (const { chain, discussions, comments } of [...chains.values()].sort(
    (a, b) => (a.chain[0] ?? 0) - (b.chain[0] ?? 0),
  ))
    await counters.adjustCategories(chain, -discussions, -comments);
  await removeDiscussionRecords(trx, repo, ids);
  for (const [userID, change] of [...members].sort(([a], [b]) => a - b)) {
    if (change.countComments) await counters.adjustUser(userID, "countComments", change.countComments);
    if (change.countDiscussions) await counters.adjustUser(userID, "countDiscussions", change.countDiscussions);
  }
  return deleting.map(({ row }) => row);
}

/**
 * `DELETE /discussions/list`, one batch: parse → load (one query) → authorize each (view and
 * discussions.delete in its category) → one transaction for the allowed ones → events.
 */
export function bulkDeleteAction(deps: DiscussionWriteDeps): LongRunnerAction<Record<string, never>> {
  return {
    name: "discussions.delete",
    async runBatch(ids: number[], _args, context: LongRunnerContext): Promise<BatchOutcome> {
      const { viewer } = context;
      const found = new Map((await deps.repo.findByIds(ids)).map((row) => [row.discussionID, row]));
      const failures: BatchOutcome["failures"] = new Map();
      const allowed: DiscussionRow[] = [];
      for (const id of ids) {
        const row = found.get(id);
        try {
          if (!row) throw notFound("Discussion");
          requireAccess(viewer, discussionsPolicy.canView, row);
          requireAccess(viewer, discussionsPolicy.canDelete, row);
          allowed.push(row);
        } catch (error) {
          failures.set(id, failureOf(error));
        }
      }
      if (allowed.length === 0) return { successIDs: [], failures };
      const withChains = await Promise.all(
        allowed.map(async (row) => ({ row, chain: await deps.ancestry(row.categoryID) })),
      );
      const deleted = await deps.db
        .transaction()
        .execute((trx) => deleteDiscussionRows(trx, deps.repo, withChains, viewer.userID));
      for (const row of deleted) {
        await deps.events.emit("discussion.deleted", {
          discussionID: row.discussionID,
          categoryID: row.categoryID,
          insertUserID: row.insertUserID,
          actorUserID: viewer.userID,
        });
      }
      return { successIDs: allowed.map((row) => row.discussionID), failures };
    },
  };
}
