import { requireAccess } from "../../platform/auth/access.ts";
import { notFound } from "../../platform/errors.ts";
import type { BatchOutcome, LongRunnerAction, LongRunnerContext } from "../../platform/long-runner/long-runner.ts";
import { failureOf } from "../../platform/long-runner/long-runner.ts";
import { writeChanges } from "../../platform/history/change-log.ts";
import { createCounters } from "./counters.repo.ts";
import type { DiscussionWriteDeps } from "./discussions.bulk.ts";
import { removeDiscussionRecords } from "./discussions.bulk-delete.ts";
import { createMovesRepo } from "./discussions.moves.repo.ts";
import { discussionUrl } from "./discussions.present.ts";
import type { DiscussionRow } from "./discussions.repo.ts";
import { discussionsPolicy } from "./discussions.policy.ts";
import { lockRowsExclusively } from "../../platform/db/row-locks.ts";

export interface MergeArgs {
  destinationDiscussionID: number;
  addRedirects: boolean;
}

/**
 * `PATCH /discussions/merge`, one batch of source discussions:
 * parse → load (the destination, then the batch in one query) → authorize (view and discussions.edit on
 * the destination and on each source) → one transaction → events.
 *
 * Each source becomes a comment of the destination (its body, author and date), its comments and
 * reactions move along, and it is deleted — or, with `addRedirects`, left closed as a `redirect`
 * discussion pointing at the destination. Category, member and discussion counts follow.
 */
export function mergeAction(deps: DiscussionWriteDeps): LongRunnerAction<MergeArgs> {
  return {
    name: "discussions.merge",
    async runBatch(ids, { destinationDiscussionID, addRedirects }, context: LongRunnerContext): Promise<BatchOutcome> {
      const { viewer } = context;
      let destination: DiscussionRow;
      try {
        const found = await deps.repo.findById(destinationDiscussionID);
        if (!found) throw notFound("Discussion");
        requireAccess(viewer, discussionsPolicy.canView, found);
        requireAccess(viewer, discussionsPolicy.canEditAny, found);
        destination = found;
      } catch (error) {
        const failure = failureOf(error);
        return { successIDs: [], failures: new Map(ids.map((id) => [id, failure])) };
      }

      const found = new Map((await deps.repo.findByIds(ids)).map((row) => [row.discussionID, row]));
      const failures: BatchOutcome["failures"] = new Map();
      const successIDs: number[] = [];
      const sources: DiscussionRow[] = [];
      for (const id of ids) {
        const row = found.get(id);
        try {
          if (!row) throw notFound("Discussion");
          requireAccess(viewer, discussionsPolicy.canView, row);
          requireAccess(viewer, discussionsPolicy.canEditAny, row);
          successIDs.push(id);
          if (id !== destinationDiscussionID && row.type !== "redirect") sources.push(row);
        } catch (error) {
          failures.set(id, failureOf(error));
        }
      }
      if (sources.length === 0) return { successIDs, failures };

      const destinationChain = await deps.ancestry(destination.categoryID);
      const chains = new Map<number, number[]>();
      for (const row of sources) chains.set(row.categoryID, await deps.ancestry(row.categoryID));
      const redirectBody = `This discussion has been merged into [${destination.name.replace(/[[\]]/g, "")}](${discussionUrl(context.origin, destination)}).`;

      await deps.db.transaction().execute(async (trx) => {
        const discussions = deps.repo.withTransaction(trx);
        const moves = createMovesRepo(trx, deps.postOwners);
        const counters = createCounters(trx);
        // No comment comes or goes under these discussions until the counts below are written.
        await lockRowsExclusively(trx, "discussions", "discussionID", [
          ...sources.map((row) => row.discussionID),
          destinationDiscussionID,
        ]);
        for (const source of sources) {
          const commentID = await moves.insertMergedComment({
            discussionID: destinationDiscussionID,
            parentCommentID: null,
            body: source.body,
            format: source.format,
            insertUserID: source.insertUserID,
            updateUserID: source.updateUserID,
            dateInserted: source.dateInserted,
            dateUpdated: source.dateUpdated,
            score: source.score,
            depth: 1,
            attributes: null,
            insertIPAddress: source.insertIPAddress,
          });
          const moved = await moves.moveAllComments([source.discussionID], destinationDiscussionID);
          await moves.reactionsToComment(source.discussionID, commentID);
          const sourceChain = chains.get(source.categoryID)!;
          if (addRedirects) {
            await discussions.update(source.discussionID, {
              type: "redirect",
              closed: 1,
              body: redirectBody,
              format: "markdown",
              countComments: 0,
              lastCommentID: null,
              lastUserID: source.insertUserID,
              attributes: JSON.stringify({ redirectDiscussionID: destinationDiscussionID }),
              dateUpdated: deps.clock.nowIso(),
              updateUserID: viewer.userID,
            });
            await counters.adjustCategories(sourceChain, 0, -moved);
          } else {
            await writeChanges(trx, [
              {
                operation: "delete",
                recordType: "discussion",
                recordID: source.discussionID,
                parentRecordID: source.categoryID,
                data: { ...source, mergedIntoDiscussionID: destinationDiscussionID, commentID },
                insertUserID: viewer.userID,
              },
            ]);
            await removeDiscussionRecords(trx, deps.repo, [source.discussionID]);
            await counters.adjustCategories(sourceChain, -1, -moved);
            await counters.adjustUser(source.insertUserID, "countDiscussions", -1);
          }
          await counters.adjustCategories(destinationChain, 0, moved + 1);
          await counters.adjustUser(source.insertUserID, "countComments", 1);
        }
        await counters.refreshDiscussion(destinationDiscussionID, "recount");
      });

      for (const source of sources) {
        const event = {
          discussionID: source.discussionID,
          categoryID: source.categoryID,
          insertUserID: source.insertUserID,
          actorUserID: viewer.userID,
        };
        if (addRedirects)
          await deps.events.emit("discussion.updated", { ...event, fields: ["type", "closed", "body"] });
        else await deps.events.emit("discussion.deleted", event);
      }
      await deps.events.emit("discussion.updated", {
        discussionID: destination.discussionID,
        categoryID: destination.categoryID,
        insertUserID: destination.insertUserID,
        actorUserID: viewer.userID,
        fields: ["countComments"],
      });
      return { successIDs, failures };
    },
  };
}
