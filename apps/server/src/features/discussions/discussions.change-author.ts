import { requireAccess } from "../../platform/auth/access.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import type { LongRunnerContext } from "../../platform/long-runner/long-runner.ts";
import { writeChanges } from "../../platform/history/change-log.ts";
import { createCounters } from "./counters.repo.ts";
import type { DiscussionWriteDeps } from "./discussions.bulk.ts";
import type { DiscussionsService } from "./discussions.service.ts";
import { discussionsPolicy } from "./discussions.policy.ts";

/** The new author must be an existing member who is not deleted. */
async function requireAuthor(deps: Pick<DiscussionWriteDeps, "repo">, userID: number): Promise<void> {
  if (!(await deps.repo.isActiveUser(userID)))
    throw validationFailed([fieldError("insertUserID", "invalid", "The user does not exist.")]);
}

/**
 * Change a discussion's author (`PATCH /discussions/{id}` with `insertUserID`, spec §6 site.manage):
 * parse → load → authorize → one transaction (the author and both members' discussion counts) → event.
 */
export async function changeDiscussionAuthor(
  deps: DiscussionWriteDeps & { service: Pick<DiscussionsService, "load"> },
  discussionID: number,
  insertUserID: number,
  context: LongRunnerContext,
): Promise<void> {
  const { viewer } = context;
  const row = await deps.service.load(discussionID, viewer);
  requireAccess(viewer, discussionsPolicy.canChangeAuthor);
  if (row.insertUserID === insertUserID) return;
  await requireAuthor(deps, insertUserID);
  await deps.db.transaction().execute(async (trx) => {
    await writeChanges(trx, [
      {
        operation: "edit",
        recordType: "discussion",
        recordID: row.discussionID,
        parentRecordID: row.categoryID,
        data: row,
        insertUserID: viewer.userID,
      },
    ]);
    await deps.repo.withTransaction(trx).update(row.discussionID, { insertUserID });
    const counters = createCounters(trx);
    await counters.adjustUser(row.insertUserID, "countDiscussions", -1);
    await counters.adjustUser(insertUserID, "countDiscussions", 1);
  });
  await deps.events.emit("discussion.updated", {
    discussionID: row.discussionID,
    categoryID: row.categoryID,
    insertUserID,
    actorUserID: viewer.userID,
    fields: ["insertUserID"],
  });
}
