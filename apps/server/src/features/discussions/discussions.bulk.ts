import type { LongRunnerQuery } from "@parley/contracts";
import type { Clock } from "../../platform/clock.ts";
import type { Kysely } from "kysely";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { DB } from "../../platform/db/schema.ts";
import type { EventBus } from "../../platform/events.ts";
import { notFound } from "../../platform/errors.ts";
import type {
  BatchOutcome,
  LongRunner,
  LongRunnerAction,
  LongRunnerContext,
} from "../../platform/long-runner/long-runner.ts";
import { failureOf } from "../../platform/long-runner/long-runner.ts";
import { requireAccess } from "../../platform/auth/access.ts";
import { bulkDeleteAction } from "./discussions.bulk-delete.ts";
import { bulkMoveAction, type BulkMoveArgs } from "./discussions.bulk-move.ts";
import { mergeAction, type MergeArgs } from "./discussions.merge.ts";
import { splitAction } from "./discussions.split.ts";
import { discussionsPolicy } from "./discussions.policy.ts";
import type { PostOwners } from "./discussions.post-owners.ts";
import type { DiscussionRow, DiscussionsRepo } from "./discussions.repo.ts";
import type { PostTypeRules } from "./discussions.deps.ts";

/** What the discussions' multi-step writes need. */
export interface DiscussionWriteDeps {
  db: Kysely<DB>;
  repo: DiscussionsRepo;
  events: EventBus;
  /** A category and its ancestors, the category first (for the counts up the tree). */
  ancestry(categoryID: number): Promise<number[]>;
  /** Throws unless the category takes discussions and the viewer may post there. */
  requirePostableCategory(
    categoryID: number,
    viewer: Viewer,
  ): Promise<{ categoryID: number; name: string; allowedDiscussionTypes: string[] | null }>;
  /** The post types' rules (a bulk move's `postTypeID`, a site type's discussion kept where it is taken). */
  postTypes?: PostTypeRules | undefined;
  /** The owners of what a post carries, for merge and split to move it. */
  postOwners: PostOwners;
  clock: Clock;
}

export interface BulkCloseArgs {
  closed: boolean;
}

/** `PATCH /discussions/close`, one batch: the close permission per discussion (or closeOwn for the author). */
function bulkCloseAction(deps: DiscussionWriteDeps): LongRunnerAction<BulkCloseArgs> {
  return {
    name: "discussions.close",
    async runBatch(ids: number[], { closed }, context: LongRunnerContext): Promise<BatchOutcome> {
      const { viewer } = context;
      const found = new Map((await deps.repo.findByIds(ids)).map((row) => [row.discussionID, row]));
      const failures: BatchOutcome["failures"] = new Map();
      const successIDs: number[] = [];
      const changed: DiscussionRow[] = [];
      for (const id of ids) {
        const row = found.get(id);
        try {
          if (!row) throw notFound("Discussion");
          requireAccess(viewer, discussionsPolicy.canView, row);
          requireAccess(viewer, discussionsPolicy.canClose, row);
          successIDs.push(id);
          if ((row.closed === 1) !== closed) changed.push(row);
        } catch (error) {
          failures.set(id, failureOf(error));
        }
      }
      if (changed.length) {
        await deps.repo.setClosed(
          changed.map((row) => row.discussionID),
          closed,
        );
        for (const row of changed) {
          await deps.events.emit("discussion.updated", {
            discussionID: row.discussionID,
            categoryID: row.categoryID,
            insertUserID: row.insertUserID,
            actorUserID: viewer.userID,
            fields: ["closed"],
          });
        }
      }
      return { successIDs, failures };
    },
  };
}

/** Registers the discussions' bulk actions with the long runner; the routes start them by name. */
export function registerBulkActions(longRunner: LongRunner, deps: DiscussionWriteDeps) {
  longRunner.register(bulkDeleteAction(deps));
  longRunner.register(bulkMoveAction(deps));
  longRunner.register(bulkCloseAction(deps));
  longRunner.register(mergeAction(deps));
  longRunner.register(splitAction(deps));
  return {
    delete: (ids: number[], context: LongRunnerContext, query?: LongRunnerQuery) =>
      longRunner.start("discussions.delete", ids, {}, context, query),
    move: (
      ids: number[],
      categoryID: number,
      context: LongRunnerContext,
      query?: LongRunnerQuery,
      postTypeID?: string,
    ) =>
      longRunner.start<BulkMoveArgs>(
        "discussions.move",
        ids,
        { categoryID, ...(postTypeID !== undefined ? { postTypeID } : {}) },
        context,
        query,
      ),
    close: (ids: number[], closed: boolean, context: LongRunnerContext, query?: LongRunnerQuery) =>
      longRunner.start<BulkCloseArgs>("discussions.close", ids, { closed }, context, query),
    merge: (ids: number[], args: MergeArgs, context: LongRunnerContext, query?: LongRunnerQuery) =>
      longRunner.start<MergeArgs>("discussions.merge", ids, args, context, query),
  };
}

export type BulkActions = ReturnType<typeof registerBulkActions>;
