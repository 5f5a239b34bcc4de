import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import { HttpError } from "../../platform/errors.ts";
import type { SiteConfig } from "../../platform/site-config.ts";
import { addDiscussionScore } from "./counters.repo.ts";

/*
 * Ideas (the ideation add-on): the members' votes (`ideaVotes`, this feature's table) and an idea's status on its
 * row. A vote moves the discussion's `score` by its difference with the member's previous vote, in the vote's
 * transaction, after the discussion's row is locked by that same increment (platform/db/row-locks.ts).
 */

/** A vote's value in the score: up +1, down −1, none 0. */
const voteValue = (vote: "up" | "down" | "none"): number => (vote === "up" ? 1 : vote === "down" ? -1 : 0);
const voteName = (value: number | undefined) => (value === 1 ? "up" : value === -1 ? "down" : "none");

/**
 * Puts a member's vote on an idea (none removes it), in the caller's transaction: the discussion's row locked
 * first (its score moved by 0), then the previous vote read and replaced, the score moved by the difference.
 * Answers the new score, or undefined when the discussion is gone.
 */
export async function putIdeaVote(
  db: Kysely<DB>,
  discussionID: number,
  userID: number,
  vote: "up" | "down" | "none",
  date: string,
): Promise<number | undefined> {
  if (!(await addDiscussionScore(db, discussionID, 0))) return undefined;
  const previous = await db
    .selectFrom("ideaVotes")
    .select("vote")
    .where("discussionID", "=", discussionID)
    .where("userID", "=", userID)
    .executeTakeFirst();
  const value = voteValue(vote);
  const delta = value - (previous?.vote ?? 0);
  if (previous && value === 0)
    await db.deleteFrom("ideaVotes").where("discussionID", "=", discussionID).where("userID", "=", userID).execute();
  else if (previous && delta !== 0)
    await db
      .updateTable("ideaVotes")
      .set({ vote: value, dateInserted: date })
      .where("discussionID", "=", discussionID)
      .where("userID", "=", userID)
      .execute();
  else if (!previous && value !== 0)
    await db.insertInto("ideaVotes").values({ discussionID, userID, vote: value, dateInserted: date }).execute();
  if (delta !== 0) await addDiscussionScore(db, discussionID, delta);
  const row = await db
    .selectFrom("discussions")
    .select("score")
    .where("discussionID", "=", discussionID)
    .executeTakeFirstOrThrow();
  return Number(row.score);
}

/** The viewer's votes on these ideas (none where they have not voted). */
export async function ideaVotesOf(
  db: Kysely<DB>,
  discussionIDs: number[],
  userID: number,
): Promise<Map<number, "up" | "down" | "none">> {
  const out = new Map<number, "up" | "down" | "none">();
  if (discussionIDs.length === 0 || userID === 0) return out;
  const rows = await db
    .selectFrom("ideaVotes")
    .select(["discussionID", "vote"])
    .where("discussionID", "in", [...new Set(discussionIDs)])
    .where("userID", "=", userID)
    .execute();
  for (const row of rows) out.set(row.discussionID, voteName(row.vote));
  return out;
}

/** Who voted on an idea (up or down): told when its status changes. */
export async function ideaVoters(db: Kysely<DB>, discussionID: number): Promise<number[]> {
  const rows = await db.selectFrom("ideaVotes").select("userID").where("discussionID", "=", discussionID).execute();
  return rows.map((row) => row.userID);
}

/** The add-on's switch (`plugins.ideation`): off, ideas are posted, voted on and given statuses no more (403). */
export async function requireIdeas(siteConfig: SiteConfig): Promise<void> {
  if (!(await siteConfig.get("plugins.ideation"))) throw new HttpError(403, "Ideation is not enabled.");
}

/**
 * A deleted member's votes, in the deletion's transaction: each taken back (the idea's row locked, its score moved
 * back), ideas in order so that two deletions never wait on each other. A deleted account's voice counts no more.
 */
export async function removeIdeaVotesOf(db: Kysely<DB>, userID: number): Promise<void> {
  const votes = await db
    .selectFrom("ideaVotes")
    .select("discussionID")
    .where("userID", "=", userID)
    .orderBy("discussionID")
    .execute();
  for (const { discussionID } of votes) await putIdeaVote(db, discussionID, userID, "none", "");
  await db.deleteFrom("ideaVotes").where("userID", "=", userID).execute();
}
