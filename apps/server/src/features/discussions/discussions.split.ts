import type { DiscussionSplit, LongRunnerQuery } from "@parley/contracts";
import { authorize } from "../../platform/auth/authorize.ts";
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
import { refreshDiscussion } from "./discussions.tally.ts";

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
  const moves = createMovesRepo(deps.db);
  const [first] = await moves.commentsByIds([body.commentIDs[0]!]);
  if (!first) throw notFound("Comment");
  const source = await deps.service.load(first.discussionID, viewer);
  authorize(viewer, "comments.edit", { resourceID: source.categoryID });
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
      const moves = createMovesRepo(deps.db);
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
          authorize(viewer, "discussions.view", { resourceID: from.categoryID });
          authorize(viewer, "comments.edit", { resourceID: from.categoryID });
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
        const scopedMoves = createMovesRepo(trx);
        const counters = createCounters(trx);
        await scopedMoves.moveComments(
          moving.map((item) => item.commentID),
          discussionID,
        );
        for (const { from } of moving) {
          await counters.adjustCategories(chains.get(from.categoryID)!, 0, -1);
          await counters.adjustCategories(targetChain, 0, 1);
        }
        const repos = { discussions: deps.repo, moves: scopedMoves };
        for (const from of sources.values()) await refreshDiscussion(trx, repos, from);
        await refreshDiscussion(trx, repos, target);
      });

      for (const row of [...sources.values(), target]) {
        await deps.events.emit("discussion.updated", {
          discussionID: row.discussionID,
          categoryID: row.categoryID,
          insertUserID: row.insertUserID,
          actorUserID: viewer.userID,
          origin: context.origin,
          fields: ["countComments"],
        });
      }
      return { successIDs, failures };
    },
  };
}
