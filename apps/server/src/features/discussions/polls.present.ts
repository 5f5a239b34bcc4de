import type { Poll, PollChoiceMode, PollResultsVisibility } from "@parley/contracts";
import type { Kysely } from "kysely";
import { toRfc3339 } from "../../platform/dates.ts";
import type { DB } from "../../platform/db/schema.ts";
import { optionsOfPolls, pollsOfDiscussions, votesOfMember, type PollOptionRow, type PollRow } from "./polls.repo.ts";

/** Whether the poll takes votes no more: its close date has passed, or its discussion is closed. */
export const isClosed = (poll: Pick<PollRow, "dateClosed">, nowMs: number, discussionClosed = false): boolean =>
  discussionClosed || (poll.dateClosed !== null && Date.parse(toRfc3339(poll.dateClosed)) <= nowMs);

/**
 * A poll as the API answers it. The counts show when its results are for everyone (`always`), once it is closed,
 * or once the viewer voted (`afterVoting`); `myVotes` only for a signed-in viewer.
 */
export function presentPoll(
  poll: PollRow,
  options: PollOptionRow[],
  viewer: { userID: number; votes: number[] },
  nowMs: number,
  discussionClosed = false,
): Poll {
  const closed = isClosed(poll, nowMs, discussionClosed);
  const showResults = poll.resultsVisibility === "always" || closed || viewer.votes.length > 0;
  return {
    pollID: poll.pollID,
    discussionID: poll.discussionID,
    name: poll.name,
    choiceMode: poll.choiceMode as PollChoiceMode,
    maxChoices: poll.choiceMode === "multiple" ? poll.maxChoices : 1,
    resultsVisibility: poll.resultsVisibility as PollResultsVisibility,
    dateClosed: poll.dateClosed === null ? null : toRfc3339(poll.dateClosed),
    closed,
    countOptions: options.length,
    countVoters: showResults ? Number(poll.countVoters) : 0,
    showResults,
    insertUserID: poll.insertUserID,
    dateInserted: toRfc3339(poll.dateInserted),
    dateUpdated: poll.dateUpdated === null ? null : toRfc3339(poll.dateUpdated),
    options: options.map((option) => ({
      pollOptionID: option.pollOptionID,
      pollID: option.pollID,
      body: option.body,
      sort: option.sort,
      ...(showResults ? { countVotes: Number(option.countVotes) } : {}),
    })),
    ...(viewer.userID !== 0 ? { myVotes: viewer.votes } : {}),
  };
}

/** The polls of these discussions as the viewer sees them (three queries whatever their number), by discussion. */
export async function presentPollsOf(
  db: Kysely<DB>,
  discussionIDs: number[],
  userID: number,
  nowMs: number,
  closedDiscussionIDs: ReadonlySet<number> = new Set(),
): Promise<Map<number, Poll>> {
  const polls = await pollsOfDiscussions(db, discussionIDs);
  const pollIDs = [...polls.values()].map((poll) => poll.pollID);
  const [options, votes] = await Promise.all([optionsOfPolls(db, pollIDs), votesOfMember(db, pollIDs, userID)]);
  const out = new Map<number, Poll>();
  for (const [discussionID, poll] of polls)
    out.set(
      discussionID,
      presentPoll(
        poll,
        options.get(poll.pollID) ?? [],
        { userID, votes: votes.get(poll.pollID) ?? [] },
        nowMs,
        closedDiscussionIDs.has(discussionID),
      ),
    );
  return out;
}
