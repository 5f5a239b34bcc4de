import { requireAccess } from "../../platform/auth/access.ts";
import { fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import type { BatchOutcome, LongRunnerAction, LongRunnerContext } from "../../platform/long-runner/long-runner.ts";
import { failureOf } from "../../platform/long-runner/long-runner.ts";
import { createCounters } from "./counters.repo.ts";
import { movePostPoints } from "./discussions.deps.ts";
import type { DiscussionWriteDeps } from "./discussions.bulk.ts";
import type { DiscussionRow } from "./discussions.repo.ts";
import { discussionsPolicy } from "./discussions.policy.ts";
import { requireAllowedType } from "./discussions.posting.ts";

export interface BulkMoveArgs {
  categoryID: number;
  /** The post type the moved discussions are posted as (Vanilla's `postTypeID`). */
  postTypeID?: string;
}

type Chosen = { type: string; postTypeID: string | null } | null;
const otherType = (type: string, postTypeID: string) =>
  validationFailed([
    fieldError("postTypeID", "invalid", `A ${type} cannot be posted as "${postTypeID}"; change its type first.`),
  ]);

/**
 * `PATCH /discussions/move`, one batch: parse → load → authorize (the target takes discussions and the
 * viewer may post and edit there; discussions.edit on each source; a `postTypeID` the viewer may post there, of
 * each discussion's own type; else a site type's discussion only where that type is taken) → one transaction
 * moving the rows and their counts (and setting their post type) → events (`discussion.updated`, `discussion.moved`).
 */
export function bulkMoveAction(deps: DiscussionWriteDeps): LongRunnerAction<BulkMoveArgs> {
  return {
    name: "discussions.move",
    async runBatch(ids: number[], { categoryID, postTypeID }, context: LongRunnerContext): Promise<BatchOutcome> {
      const { viewer } = context;
      const failures: BatchOutcome["failures"] = new Map();
      let target: Awaited<ReturnType<DiscussionWriteDeps["requirePostableCategory"]>>;
      let chosen: Chosen = null;
      try {
        target = await deps.requirePostableCategory(categoryID, viewer);
        requireAccess(viewer, discussionsPolicy.canMove, { categoryID });
        if (postTypeID !== undefined) {
          chosen = (await deps.postTypes?.choose({ postTypeID }, target, viewer)) ?? null;
          if (!chosen) throw otherType("discussion", postTypeID);
          requireAllowedType(target, chosen.type, "categoryID");
        }
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
          if (chosen && chosen.type !== row.type) throw otherType(row.type, postTypeID!);
          if (!chosen && row.postTypeID) await deps.postTypes?.requireInCategory(row.postTypeID, target);
          successIDs.push(id);
          if (row.categoryID !== categoryID || (chosen && chosen.postTypeID !== row.postTypeID)) allowed.push(row);
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
        const movingIDs = moving.map((row) => row.discussionID);
        // Their points (reactions, accepted answers) follow them to the category.
        await movePostPoints(trx, { discussionIDs: movingIDs }, () =>
          deps.repo.withTransaction(trx).moveAll(movingIDs, categoryID),
        );
        if (chosen)
          await deps.repo.withTransaction(trx).setPostType(
            allowed.map((row) => row.discussionID),
            chosen.postTypeID,
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
        const moved = row.categoryID !== categoryID;
        const fields = [...(moved ? ["categoryID"] : []), ...(chosen ? ["postTypeID"] : [])];
        await deps.events.emit("discussion.updated", { ...event, fields });
        if (moved) await deps.events.emit("discussion.moved", { ...event, fromCategoryID: row.categoryID });
      }
      return { successIDs, failures };
    },
  };
}
