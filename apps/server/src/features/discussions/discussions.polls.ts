import {
  pollMessages,
  type DiscussionPost,
  type Poll,
  type PollOptionBody,
  type PollPatch,
  type PollVoteBody,
} from "@parley/contracts";
import type { Kysely } from "kysely";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import type { DB } from "../../platform/db/schema.ts";
import { conflict, fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { plainTitle } from "../../platform/text.ts";
import { createDiscussion } from "./discussions.create.ts";
import type { DiscussionOperationDeps, DiscussionsDeps } from "./discussions.operation.ts";
import { discussionsPolicy as policy } from "./discussions.policy.ts";
import { loadDiscussion } from "./discussions.read.ts";
import { fill, maxOptions, minOptions, requirePolls } from "./polls.posting.ts";
import { isClosed, presentPoll } from "./polls.present.ts";
import {
  addOption,
  deleteOption,
  findPoll,
  lockPoll,
  memberVoteRows,
  optionsOfPolls,
  pollHasVotes,
  replaceVotes,
  updateOption,
  updatePoll,
  votesOfMember,
} from "./polls.repo.ts";

/*
 * Polls (the polls add-on): posting one with its discussion, reading it, editing it and its options, voting. Each
 * write runs parse → load → authorize → transaction → events, as the other operations of the feature.
 */

/** `POST /discussions/poll`: a discussion of type poll and its poll, written in one transaction. */
export function createPollDiscussion(
  deps: DiscussionOperationDeps,
  body: DiscussionPost,
  context: RequestContext,
): ReturnType<typeof createDiscussion> {
  return createDiscussion(deps, { ...body, type: "poll" }, context);
}

/** The poll and its discussion (which the viewer may view), the add-on on; 404 for an unknown poll. */
async function loadPoll(deps: DiscussionsDeps, pollID: number, context: RequestContext) {
  await requirePolls(deps.platform.siteConfig);
  const poll = await findPoll(deps.platform.db, pollID);
  if (!poll) throw notFound("Poll");
  const discussion = await loadDiscussion(deps, poll.discussionID, context.viewer);
  if (discussion.type !== "poll") throw notFound("Poll");
  return { poll, discussion };
}

/**
 * The poll as this viewer sees it, read again (after a write); its discussion is the one `loadPoll` loaded (a poll's
 * write changes none of it).
 */
async function presented(
  deps: DiscussionsDeps,
  pollID: number,
  context: RequestContext,
  discussion: { closed: number },
): Promise<Poll> {
  const { db, clock } = deps.platform;
  const poll = (await findPoll(db, pollID))!;
  const [options, votes] = await Promise.all([
    optionsOfPolls(db, [pollID]),
    votesOfMember(db, [pollID], context.viewer.userID),
  ]);
  return presentPoll(
    poll,
    options.get(pollID) ?? [],
    { userID: context.viewer.userID, votes: votes.get(pollID) ?? [] },
    clock.nowMs(),
    discussion.closed === 1,
  );
}

const emitUpdated = (
  deps: DiscussionsDeps,
  discussion: { discussionID: number; categoryID: number; insertUserID: number },
  actorUserID: number,
) =>
  deps.platform.events.emit("discussion.updated", {
    discussionID: discussion.discussionID,
    categoryID: discussion.categoryID,
    insertUserID: discussion.insertUserID,
    actorUserID,
    fields: ["poll"],
  });

/** `GET /polls/{id}`. */
export async function getPoll(deps: DiscussionsDeps, pollID: number, context: RequestContext): Promise<Poll> {
  const { discussion } = await loadPoll(deps, pollID, context);
  return presented(deps, pollID, context, discussion);
}

/** `GET /polls/{id}/options`. */
export async function listPollOptions(deps: DiscussionsDeps, pollID: number, context: RequestContext) {
  return (await getPoll(deps, pollID, context)).options;
}

/**
 * `POST /polls/{id}/votes`: the viewer's choices, replacing those they made before (an empty list takes their vote
 * back), until the poll closes. One choice in a single-choice poll, at most `maxChoices` in a multiple one.
 */
export async function votePoll(
  deps: DiscussionsDeps,
  pollID: number,
  body: PollVoteBody,
  context: RequestContext,
): Promise<Poll> {
  const { platform } = deps;
  const { viewer } = context;
  const { poll, discussion } = await loadPoll(deps, pollID, context);
  requireSignedIn(viewer);
  requireAccess(viewer, policy.canVotePoll);
  await platform.restrictions.assertMayPost(viewer);
  // A closed discussion closes its poll too: no votes, the results for everyone.
  if (isClosed(poll, platform.clock.nowMs(), discussion.closed === 1)) throw conflict(pollMessages.closed);
  const chosen = [
    ...new Set([...(body.pollOptionIDs ?? []), ...(body.pollOptionID === undefined ? [] : [body.pollOptionID])]),
  ];
  const known = new Set(((await optionsOfPolls(platform.db, [pollID])).get(pollID) ?? []).map((o) => o.pollOptionID));
  if (chosen.some((id) => !known.has(id)))
    throw validationFailed([fieldError("pollOptionIDs", "invalid", pollMessages.unknownOption)]);
  if (poll.choiceMode === "single" && chosen.length > 1)
    throw validationFailed([fieldError("pollOptionIDs", "invalid", pollMessages.oneChoice)]);
  if (poll.choiceMode === "multiple" && poll.maxChoices !== null && chosen.length > poll.maxChoices)
    throw validationFailed([
      fieldError("pollOptionIDs", "invalid", fill(pollMessages.tooManyChoices, { max: poll.maxChoices })),
    ]);
  const done = await platform.db
    .transaction()
    .execute((trx) => replaceVotes(trx, pollID, viewer.userID, chosen, platform.clock.nowIso()));
  if (!done) throw notFound("Poll");
  return presented(deps, pollID, context, discussion);
}

/** `GET /polls/{id}/votes`: the viewer's own votes (who voted for what is not told to others). */
export async function listMyPollVotes(deps: DiscussionsDeps, pollID: number, context: RequestContext) {
  await loadPoll(deps, pollID, context);
  requireSignedIn(context.viewer);
  const rows = await memberVoteRows(deps.platform.db, pollID, context.viewer.userID);
  return rows.map((row) => ({ ...row, dateInserted: new Date(row.dateInserted).toISOString() }));
}

/** The poll an editor changes: its author, or a moderator of the category. */
async function loadEditable(deps: DiscussionsDeps, pollID: number, context: RequestContext) {
  const loaded = await loadPoll(deps, pollID, context);
  requireAccess(context.viewer, policy.canEditPoll, loaded.discussion);
  return loaded;
}

/**
 * `PATCH /polls/{id}`: its question, who sees the results and its close date at any time (`closed: true` closes
 * it now, `false` reopens it); its choice mode and limit only while no one has voted.
 */
export async function patchPoll(
  deps: DiscussionsDeps,
  pollID: number,
  body: PollPatch,
  context: RequestContext,
): Promise<Poll> {
  const { platform } = deps;
  const { poll, discussion } = await loadEditable(deps, pollID, context);
  const name = body.name === undefined ? undefined : plainTitle(body.name);
  if (name === "") throw validationFailed([fieldError("name", "missingField", "name is required.")]);
  const choiceMode = body.choiceMode ?? poll.choiceMode;
  const changesChoices =
    (body.choiceMode !== undefined && body.choiceMode !== poll.choiceMode) ||
    (body.maxChoices !== undefined && body.maxChoices !== poll.maxChoices);
  await platform.db.transaction().execute(async (trx) => {
    if (changesChoices && (await pollHasVotes(trx, pollID)))
      throw conflict("The choices of a poll cannot be changed once members have voted.");
    await updatePoll(trx, pollID, {
      ...(name !== undefined ? { name } : {}),
      ...(body.choiceMode !== undefined ? { choiceMode } : {}),
      ...(body.maxChoices !== undefined || body.choiceMode === "single"
        ? { maxChoices: choiceMode === "multiple" ? (body.maxChoices ?? poll.maxChoices) : null }
        : {}),
      ...(body.resultsVisibility !== undefined ? { resultsVisibility: body.resultsVisibility } : {}),
      ...(body.dateClosed !== undefined ? { dateClosed: body.dateClosed } : {}),
      ...(body.closed !== undefined ? { dateClosed: body.closed ? platform.clock.nowIso() : null } : {}),
      updateUserID: context.viewer.userID,
      dateUpdated: platform.clock.nowIso(),
    });
  });
  await emitUpdated(deps, discussion, context.viewer.userID);
  return presented(deps, pollID, context, discussion);
}

/** `POST /polls/{id}/options`: one more option, at the end (at most 20); allowed after votes, as only adding is. */
export async function addPollOption(
  deps: DiscussionsDeps,
  pollID: number,
  body: PollOptionBody,
  context: RequestContext,
): Promise<Poll> {
  const { platform } = deps;
  const { discussion } = await loadEditable(deps, pollID, context);
  const text = plainTitle(body.body);
  if (!text) throw validationFailed([fieldError("body", "missingField", pollMessages.emptyOption)]);
  const added = await platform.db.transaction().execute((trx) => addOption(trx, pollID, text, maxOptions));
  if (added === null)
    throw validationFailed([fieldError("body", "invalid", fill(pollMessages.tooMany, { max: maxOptions }))]);
  await emitUpdated(deps, discussion, context.viewer.userID);
  return presented(deps, pollID, context, discussion);
}

/** The option of this poll, for `PATCH` and `DELETE`, and the poll's options; only while no one has voted. */
async function loadUnvotedOption(trx: Kysely<DB>, pollID: number, optionID: number) {
  await lockPoll(trx, pollID);
  const options = (await optionsOfPolls(trx, [pollID])).get(pollID) ?? [];
  if (!options.some((option) => option.pollOptionID === optionID)) throw notFound("Poll option");
  if (await pollHasVotes(trx, pollID)) throw conflict(pollMessages.optionsVoted);
  return options;
}

/** `PATCH /polls/{id}/options/{optionID}`: an option's text, while no one has voted. */
export async function patchPollOption(
  deps: DiscussionsDeps,
  pollID: number,
  optionID: number,
  body: PollOptionBody,
  context: RequestContext,
): Promise<Poll> {
  const { discussion } = await loadEditable(deps, pollID, context);
  const text = plainTitle(body.body);
  if (!text) throw validationFailed([fieldError("body", "missingField", pollMessages.emptyOption)]);
  await deps.platform.db.transaction().execute(async (trx) => {
    await loadUnvotedOption(trx, pollID, optionID);
    await updateOption(trx, optionID, text);
  });
  await emitUpdated(deps, discussion, context.viewer.userID);
  return presented(deps, pollID, context, discussion);
}

/** `DELETE /polls/{id}/options/{optionID}`: an option removed, while no one has voted and 2 would remain. */
export async function deletePollOption(
  deps: DiscussionsDeps,
  pollID: number,
  optionID: number,
  context: RequestContext,
): Promise<void> {
  const { discussion } = await loadEditable(deps, pollID, context);
  await deps.platform.db.transaction().execute(async (trx) => {
    const options = await loadUnvotedOption(trx, pollID, optionID);
    if (options.length <= minOptions) throw conflict(fill(pollMessages.tooFew, { min: minOptions }));
    await deleteOption(trx, optionID);
  });
  await emitUpdated(deps, discussion, context.viewer.userID);
}
