import type { DiscussionSplit, LongRunnerQuery } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { notFound } from "../../platform/errors.ts";
import type {
  BatchOutcome,
  LongRunner,
  LongRunnerAction,
  LongRunnerAnswer,
  LongRunnerContext,
} from "../../platform/long-runner/long-runner.ts";
import { failureOf } from "../../platform/long-runner/long-runner.ts";
import { createCounters } from "./counters.repo.ts";
import type { DiscussionWriteDeps } from "./discussions.bulk.ts";
import { createMovesRepo } from "./discussions.moves.repo.ts";
import { discussionUrl } from "./discussions.present.ts";
import type { DiscussionRow } from "./discussions.repo.ts";
import type { DiscussionsService } from "./discussions.service.ts";
import { discussionsPolicy } from "./discussions.policy.ts";
import { lockRowsExclusively } from "../../platform/db/row-locks.ts";

export interface SplitArgs {
  discussionID: number;
}

/**
 * `POST /discussions/split`: parse → load (the first comment and its discussion) → authorize
 * (comments.edit there; the new post's category through the usual posting rules) → create the new
 * discussion → move the comments in long-running batches ({@link splitAction}).
 */
export async function startSplit(
  deps: DiscussionWriteDeps & { service: DiscussionsService; longRunner: LongRunner },
  body: DiscussionSplit,
  context: LongRunnerContext,
  query?: LongRunnerQuery,
): Promise<LongRunnerAnswer> {
  const { viewer } = context;
  const moves = createMovesRepo(deps.db, deps.postOwners);
  const [first] = await moves.commentsByIds([body.commentIDs[0]!]);
  if (!first) throw notFound("Comment");
  const source = await deps.service.load(first.discussionID, viewer);
  requireAccess(viewer, discussionsPolicy.canSplit, source);
  const { newPost } = body;
  const created = await deps.service.create(
    {
      name: newPost.name,
      categoryID: newPost.categoryID,
      body:
        newPost.body ?? `Split from [${source.name.replace(/[[\]]/g, "")}](${discussionUrl(context.origin, source)}).`,
      format: newPost.body === undefined ? "markdown" : (newPost.format ?? "markdown"),
      ...(newPost.postType ? { type: newPost.postType } : {}),
    },
    context,
  );
  return deps.longRunner.start<SplitArgs>(
    "discussions.split",
    body.commentIDs,
    { discussionID: created.discussionID },
    context,
    query,
  );
}

/**
 * One batch of a split: the comments (comments.edit in their discussion's category) move to the new
 * discussion in one transaction; replies whose parent stayed behind become top-level; the counts of
 * every discussion and category involved follow.
 */
export function splitAction(deps: DiscussionWriteDeps): LongRunnerAction<SplitArgs> {
  return {
    name: "discussions.split",
    async runBatch(ids, { discussionID }, context: LongRunnerContext): Promise<BatchOutcome> {
      const { viewer } = context;
      const target = await deps.repo.findById(discussionID);
      if (!target) {
        const failure = failureOf(notFound("Discussion"));
        return { successIDs: [], failures: new Map(ids.map((id) => [id, failure])) };
      }
      const moves = createMovesRepo(deps.db, deps.postOwners);
      const comments = new Map((await moves.commentsByIds(ids)).map((row) => [row.commentID, row]));
      const parents = new Map(
        (await deps.repo.findByIds([...new Set([...comments.values()].map((row) => row.discussionID))])).map((row) => [
          row.discussionID,
          row,
        ]),
      );
      const failures: BatchOutcome["failures"] = new Map();
      const successIDs: number[] = [];
      const moving: Array<{ commentID: number; from: DiscussionRow }> = [];
      for (const id of ids) {
        const comment = comments.get(id);
        const from = comment ? parents.get(comment.discussionID) : undefined;
        try {
          if (!comment || !from) throw notFound("Comment");
          requireAccess(viewer, discussionsPolicy.canView, from);
          requireAccess(viewer, discussionsPolicy.canSplit, from);
          successIDs.push(id);
          if (from.discussionID !== discussionID) moving.push({ commentID: id, from });
        } catch (error) {
          failures.set(id, failureOf(error));
        }
      }
      if (moving.length === 0) return { successIDs, failures };
      const targetChain = await deps.ancestry(target.categoryID);
      const chains = new Map<number, number[]>();
      for (const { from } of moving) chains.set(from.categoryID, await deps.ancestry(from.categoryID));
      const sources = new Map(moving.map(({ from }) => [from.discussionID, from]));

      await deps.db.transaction().execute(async (trx) => {
        const scopedMoves = createMovesRepo(trx, deps.postOwners);
        const counters = createCounters(trx);
        // No comment comes or goes under these discussions until the counts below are written.
        await lockRowsExclusively(trx, "discussions", "discussionID", [...sources.keys(), discussionID]);
        const moved = await scopedMoves.moveComments(
          moving.map((item) => item.commentID),
          discussionID,
        );
        for (const { commentID, from } of moving) {
          if (!moved.has(commentID)) continue;
          await counters.adjustCategories(chains.get(from.categoryID)!, 0, -1);
          await counters.adjustCategories(targetChain, 0, 1);
        }
        for (const from of sources.values()) await counters.refreshDiscussion(from.discussionID, "recount");
        await counters.refreshDiscussion(discussionID, "recount");
      });

      for (const row of [...sources.values(), target]) {
        await deps.events.emit("discussion.updated", {
          discussionID: row.discussionID,
          categoryID: row.categoryID,
          insertUserID: row.insertUserID,
          actorUserID: viewer.userID,
          fields: ["countComments"],
        });
      }
      return { successIDs, failures };
    },
  };
}
