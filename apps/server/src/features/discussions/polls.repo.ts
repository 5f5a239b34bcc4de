import type { Kysely, Selectable } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import { lockRows } from "../../platform/db/row-locks.ts";

/*
 * Polls (the polls add-on): a poll of a discussion of type poll, its options and the members' votes (this
 * feature's tables `polls`, `pollOptions`, `pollVotes`). The counts (each option's votes, the poll's voters) change
 * in the vote's transaction, after the poll's row is locked (platform/db/row-locks.ts), so concurrent voters add up.
 */

export type PollRow = Selectable<DB["polls"]>;
export type PollOptionRow = Selectable<DB["pollOptions"]>;

/** Locks the poll's row until the transaction ends: votes and changes to its options wait for each other. */
export const lockPoll = (db: Kysely<DB>, pollID: number) => lockRows(db, "polls", "pollID", [pollID], "countVoters");

/** A new poll and its options, in the caller's transaction (the discussion's). Answers the poll's id. */
export async function insertPoll(
  db: Kysely<DB>,
  poll: Omit<PollRow, "pollID" | "countVoters" | "updateUserID" | "dateUpdated">,
  options: string[],
): Promise<number> {
  const { pollID } = await db.insertInto("polls").values(poll).returning("pollID").executeTakeFirstOrThrow();
  await db
    .insertInto("pollOptions")
    .values(options.map((body, index) => ({ pollID, body, sort: index + 1 })))
    .execute();
  return pollID;
}

export const findPoll = (db: Kysely<DB>, pollID: number): Promise<PollRow | undefined> =>
  db.selectFrom("polls").selectAll().where("pollID", "=", pollID).executeTakeFirst();

/** The polls of these discussions, by discussion. */
export async function pollsOfDiscussions(db: Kysely<DB>, discussionIDs: number[]): Promise<Map<number, PollRow>> {
  if (discussionIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom("polls")
    .selectAll()
    .where("discussionID", "in", [...new Set(discussionIDs)])
    .execute();
  return new Map(rows.map((row) => [row.discussionID, row]));
}

/** The options of these polls, in order, by poll. */
export async function optionsOfPolls(db: Kysely<DB>, pollIDs: number[]): Promise<Map<number, PollOptionRow[]>> {
  const out = new Map<number, PollOptionRow[]>();
  if (pollIDs.length === 0) return out;
  const rows = await db
    .selectFrom("pollOptions")
    .selectAll()
    .where("pollID", "in", [...new Set(pollIDs)])
    .orderBy("pollID")
    .orderBy("sort")
    .orderBy("pollOptionID")
    .execute();
  for (const row of rows) out.set(row.pollID, [...(out.get(row.pollID) ?? []), row]);
  return out;
}

/** The options a member chose in these polls, by poll. */
export async function votesOfMember(db: Kysely<DB>, pollIDs: number[], userID: number): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (pollIDs.length === 0 || userID === 0) return out;
  const rows = await db
    .selectFrom("pollVotes")
    .select(["pollID", "pollOptionID"])
    .where("pollID", "in", [...new Set(pollIDs)])
    .where("userID", "=", userID)
    .orderBy("pollOptionID")
    .execute();
  for (const row of rows) out.set(row.pollID, [...(out.get(row.pollID) ?? []), row.pollOptionID]);
  return out;
}

/** A member's votes in one poll, as rows. */
export const memberVoteRows = (db: Kysely<DB>, pollID: number, userID: number) =>
  db
    .selectFrom("pollVotes")
    .selectAll()
    .where("pollID", "=", pollID)
    .where("userID", "=", userID)
    .orderBy("pollOptionID")
    .execute();

/**
 * Replaces a member's choices in a poll, in the caller's transaction: the poll's row locked first, then their
 * previous votes read and removed (each option's count down), the new ones written (each count up), and the
 * poll's voters moved by one when they vote for the first time. Answers false when the poll is gone.
 */
export async function replaceVotes(
  db: Kysely<DB>,
  pollID: number,
  userID: number,
  optionIDs: number[],
  date: string,
): Promise<boolean> {
  await lockPoll(db, pollID);
  if (!(await findPoll(db, pollID))) return false;
  const previous = (await memberVoteRows(db, pollID, userID)).map((row) => row.pollOptionID);
  const removed = previous.filter((id) => !optionIDs.includes(id));
  const added = optionIDs.filter((id) => !previous.includes(id));
  if (removed.length) {
    await db
      .deleteFrom("pollVotes")
      .where("pollID", "=", pollID)
      .where("userID", "=", userID)
      .where("pollOptionID", "in", removed)
      .execute();
    await db
      .updateTable("pollOptions")
      .set((eb) => ({ countVotes: eb("countVotes", "-", 1) }))
      .where("pollOptionID", "in", removed)
      .execute();
  }
  if (added.length) {
    await db
      .insertInto("pollVotes")
      .values(added.map((pollOptionID) => ({ pollID, pollOptionID, userID, dateInserted: date })))
      .execute();
    await db
      .updateTable("pollOptions")
      .set((eb) => ({ countVotes: eb("countVotes", "+", 1) }))
      .where("pollOptionID", "in", added)
      .execute();
  }
  const delta = (optionIDs.length > 0 ? 1 : 0) - (previous.length > 0 ? 1 : 0);
  if (delta !== 0)
    await db
      .updateTable("polls")
      .set((eb) => ({ countVoters: eb("countVoters", "+", delta) }))
      .where("pollID", "=", pollID)
      .execute();
  return true;
}

/** Whether anyone voted in the poll (its options are then only added to). */
export async function pollHasVotes(db: Kysely<DB>, pollID: number): Promise<boolean> {
  const row = await db
    .selectFrom("pollVotes")
    .select("pollID")
    .where("pollID", "=", pollID)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updatePoll(
  db: Kysely<DB>,
  pollID: number,
  fields: Partial<Omit<PollRow, "pollID" | "discussionID" | "countVoters">>,
): Promise<void> {
  await db.updateTable("polls").set(fields).where("pollID", "=", pollID).execute();
}

/** Adds an option at the end (the poll's row locked, so two additions never pass the limit). Answers its id. */
export async function addOption(db: Kysely<DB>, pollID: number, body: string, max: number): Promise<number | null> {
  await lockPoll(db, pollID);
  const options = (await optionsOfPolls(db, [pollID])).get(pollID) ?? [];
  if (options.length >= max) return null;
  const sort = Math.max(0, ...options.map((option) => option.sort)) + 1;
  const { pollOptionID } = await db
    .insertInto("pollOptions")
    .values({ pollID, body, sort })
    .returning("pollOptionID")
    .executeTakeFirstOrThrow();
  return pollOptionID;
}

export async function updateOption(db: Kysely<DB>, pollOptionID: number, body: string): Promise<void> {
  await db.updateTable("pollOptions").set({ body }).where("pollOptionID", "=", pollOptionID).execute();
}

export async function deleteOption(db: Kysely<DB>, pollOptionID: number): Promise<void> {
  await db.deleteFrom("pollOptions").where("pollOptionID", "=", pollOptionID).execute();
}
