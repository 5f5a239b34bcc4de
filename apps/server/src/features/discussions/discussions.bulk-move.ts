import { requireAccess } from "../../platform/auth/access.ts";
import { notFound } from "../../platform/errors.ts";
import type { BatchOutcome, LongRunnerAction, LongRunnerContext } from "../../platform/long-runner/long-runner.ts";
import { failureOf } from "../../platform/long-runner/long-runner.ts";
import { createCounters } from "./counters.repo.ts";
import type { DiscussionWriteDeps } from "./discussions.bulk.ts";
import type { DiscussionRow } from "./discussions.repo.ts";
import { discussionsPolicy } from "./discussions.policy.ts";
import { requireAllowedType } from "./discussions.posting.ts";

export interface BulkMoveArgs {
  categoryID: number;
}

/**
 * `PATCH /discussions/move`, one batch: parse → load → authorize (the target takes discussions and the
 * viewer may post and edit there; discussions.edit on each source) → one transaction moving the rows
 * and their counts → events (`discussion.updated`, `discussion.moved`).
 */
export function bulkMoveAction(deps: DiscussionWriteDeps): LongRunnerAction<BulkMoveArgs> {
  return {
    name: "discussions.move",
    async runBatch(ids: number[], { categoryID }, context: LongRunnerContext): Promise<BatchOutcome> {
      const { viewer } = context;
      const failures: BatchOutcome["failures"] = new Map();
      let target: Awaited<ReturnType<DiscussionWriteDeps["requirePostableCategory"]>>;
      try {
        target = await deps.requirePostableCategory(categoryID, viewer);
        requireAccess(viewer, discussionsPolicy.canMove, { categoryID });
      } catch (error) {
        const failure = failureOf(error);
        return { successIDs: [], failures: new Map(ids.map((id) => [id, failure])) };
      }
      const found = new Map((await deps.repo.findByIds(ids)).map((row) => [row.discussionID, row]));
      const allowed: DiscussionRow[] = [];
      const successIDs: number[] = [];
      for (const id of ids) {
        const row = found.get(id);
        try {
          if (!row) throw notFound("Discussion");
          requireAccess(viewer, discussionsPolicy.canView, row);
          requireAccess(viewer, discussionsPolicy.canMove, row);
          // A discussion of a type the category does not take stays where it is.
          requireAllowedType(target, row.type, "categoryID");
          successIDs.push(id);
          if (row.categoryID !== categoryID) allowed.push(row);
        } catch (error) {
          failures.set(id, failureOf(error));
        }
      }
      if (allowed.length === 0) return { successIDs, failures };
      const toChain = await deps.ancestry(categoryID);
      const fromChains = new Map(
        await Promise.all(
          [...new Set(allowed.map((row) => row.categoryID))].map(async (id) => [id, await deps.ancestry(id)] as const),
        ),
      );
      await deps.db.transaction().execute(async (trx) => {
        const counters = createCounters(trx);
        // Their counts and categories as they are under the lock (comments posted meanwhile included).
        const locked = await counters.lockDiscussions(allowed.map((row) => row.discussionID));
        const moving = allowed.filter((row) => {
          const now = locked.get(row.discussionID);
          return now !== undefined && now.categoryID !== categoryID;
        });
        await deps.repo.withTransaction(trx).moveAll(
          moving.map((row) => row.discussionID),
          categoryID,
        );
        for (const row of moving) {
          const { countComments, categoryID: fromID } = locked.get(row.discussionID)!;
          const fromChain = fromChains.get(fromID) ?? (await deps.ancestry(fromID));
          await counters.adjustCategories(fromChain, -1, -countComments);
          await counters.adjustCategories(toChain, 1, countComments);
        }
      });
      for (const row of allowed) {
        const event = {
          discussionID: row.discussionID,
          categoryID,
          insertUserID: row.insertUserID,
          actorUserID: viewer.userID,
        };
        await deps.events.emit("discussion.updated", { ...event, fields: ["categoryID"] });
        await deps.events.emit("discussion.moved", { ...event, fromCategoryID: row.categoryID });
      }
      return { successIDs, failures };
    },
  };
}
