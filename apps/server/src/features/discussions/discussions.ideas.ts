import type { DiscussionPost, IdeaPatch, IdeaVoteBody, IdeaVoteResult } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import { badRequest, fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { storableText } from "../../platform/text.ts";
import { createDiscussion } from "./discussions.create.ts";
import type { DiscussionOperationDeps, DiscussionsDeps } from "./discussions.operation.ts";
import { discussionsPolicy as policy } from "./discussions.policy.ts";
import { loadDiscussion } from "./discussions.read.ts";
import { ideaVoters, putIdeaVote, requireIdeas } from "./ideas.repo.ts";
import { currentIdeaStatusID, defaultIdeaStatusID, ideaStatusRow, logStatusChange } from "./statuses.repo.ts";
import { lockRows } from "../../platform/db/row-locks.ts";

/*
 * Ideas (the ideation add-on): posting one, voting on it, its status. Each write runs parse → load → authorize →
 * transaction → events, as the other operations of the feature.
 */

/** `POST /discussions/idea` (Vanilla's): a discussion of type idea, in a category that takes ideas. */
export function createIdea(
  deps: DiscussionOperationDeps,
  body: DiscussionPost,
  context: RequestContext,
): ReturnType<typeof createDiscussion> {
  return createDiscussion(deps, { ...body, type: "idea" }, context);
}

/** The idea a vote or a status is for: the add-on on, the discussion one the viewer may view, of type idea. */
async function loadIdea(deps: DiscussionsDeps, id: number, context: RequestContext) {
  await requireIdeas(deps.platform.siteConfig);
  const row = await loadDiscussion(deps, id, context.viewer);
  if (row.type !== "idea") throw badRequest("This discussion is not an idea.");
  return row;
}

/**
 * `PUT /discussions/{id}/vote`: the viewer's vote on an idea, one per member, changed or taken back (none). Down
 * only where the category votes up-down. The score moves by the difference in the vote's transaction.
 */
export async function voteOnIdea(
  deps: DiscussionsDeps,
  id: number,
  body: IdeaVoteBody,
  context: RequestContext,
): Promise<IdeaVoteResult> {
  const { platform } = deps;
  const { viewer } = context;
  requireSignedIn(viewer);
  const row = await loadIdea(deps, id, context);
  requireAccess(viewer, policy.canVote, row, body.vote);
  await platform.restrictions.assertMayPost(viewer);
  if (body.vote === "down" && (await deps.categories.get(row.categoryID))?.ideationType !== "up-down")
    throw validationFailed([fieldError("vote", "invalid", "This category's ideas are voted up only.")]);
  const score = await platform.db.transaction().execute(async (trx) => {
    const result = await putIdeaVote(trx, row.discussionID, viewer.userID, body.vote, platform.clock.nowIso());
    if (result === undefined) throw notFound("Discussion");
    return result;
  });
  await platform.events.emit("discussion.updated", {
    discussionID: row.discussionID,
    categoryID: row.categoryID,
    insertUserID: row.insertUserID,
    actorUserID: viewer.userID,
    fields: ["score"],
  });
  return { discussionID: row.discussionID, score, vote: body.vote };
}

/**
 * `PATCH /discussions/{id}/idea` (Vanilla's): a moderator sets an idea's status and its notes (kept until
 * overwritten); when the status changes, its voters are told (`idea.status.changed`).
 */
export async function setIdeaStatus(
  deps: DiscussionsDeps,
  id: number,
  body: IdeaPatch,
  context: RequestContext,
): Promise<{ statusID: number; statusNotes: string | null }> {
  const { platform, repo } = deps;
  const { viewer } = context;
  const row = await loadIdea(deps, id, context);
  requireAccess(viewer, policy.canSetIdeaStatus, row);
  const status = await ideaStatusRow(platform.db, body.statusID);
  if (!status) throw validationFailed([fieldError("statusID", "invalid", `${body.statusID} is not an idea status.`)]);
  const notes = body.statusNotes === null ? null : storableText(body.statusNotes).trim() || null;
  const voterIDs = await platform.db.transaction().execute(async (trx) => {
    // The status before, read in the change's transaction once the row is locked (two changes log in turn).
    await lockRows(trx, "discussions", "discussionID", [row.discussionID], "ideaStatusID");
    const previous = (await currentIdeaStatusID(trx, row.discussionID)) ?? (await defaultIdeaStatusID(trx));
    await repo.withTransaction(trx).update(row.discussionID, { ideaStatusID: status.statusID, ideaStatusNotes: notes });
    if (previous !== status.statusID)
      await logStatusChange(trx, {
        discussionID: row.discussionID,
        statusID: status.statusID,
        previousStatusID: previous,
        reason: notes,
        insertUserID: viewer.userID,
        dateInserted: platform.clock.nowIso(),
      });
    return { voters: await ideaVoters(trx, row.discussionID), changed: previous !== status.statusID };
  });
  const event = {
    discussionID: row.discussionID,
    categoryID: row.categoryID,
    insertUserID: row.insertUserID,
    actorUserID: viewer.userID,
  };
  await platform.events.emit("discussion.updated", { ...event, fields: ["ideaStatusID", "ideaStatusNotes"] });
  if (voterIDs.changed)
    await platform.events.emit("idea.status.changed", { ...event, statusName: status.name, voterIDs: voterIDs.voters });
  return { statusID: status.statusID, statusNotes: notes };
}
