import { sql, type Insertable, type Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/*
 * Polls brought from another forum (an import, features/import: Vanilla's Polls add-on, `GDN_Poll`,
 * `GDN_PollOption`, `GDN_PollVote`) with their ids; the counts are recounted once at the import's end.
 */

export type ImportedPoll = Insertable<DB["polls"]> & { pollID: number };
export type ImportedPollOption = Insertable<DB["pollOptions"]> & { pollOptionID: number };
export type ImportedPollVote = Insertable<DB["pollVotes"]>;

/** Inserts imported polls; one whose id is taken, or whose discussion has a poll already, is left out. */
export async function insertImportedPolls(db: Kysely<DB>, rows: ImportedPoll[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const taken = new Set(
    (
      await db
        .selectFrom("polls")
        .select("discussionID")
        .where(
          "discussionID",
          "in",
          rows.map((row) => row.discussionID),
        )
        .execute()
    ).map((row) => row.discussionID),
  );
  const fresh = rows.filter((row) => !taken.has(row.discussionID));
  if (fresh.length === 0) return [];
  const inserted = await db
    .insertInto("polls")
    .values(fresh)
    .onConflict((oc) => oc.doNothing())
    .returning("pollID")
    .execute();
  return inserted.map((row) => row.pollID);
}

/** Inserts imported poll options; one whose id is taken is left out. Returns the ids inserted. */
export async function insertImportedPollOptions(db: Kysely<DB>, rows: ImportedPollOption[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto("pollOptions")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning("pollOptionID")
    .execute();
  return inserted.map((row) => row.pollOptionID);
}

/** Inserts imported votes; a member's vote already there for the option is left. Returns how many went in. */
export async function insertImportedPollVotes(db: Kysely<DB>, rows: ImportedPollVote[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto("pollVotes")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning("userID")
    .execute();
  return inserted.length;
}

/**
 * After an import, while nothing else writes: each option's votes and each poll's voters from the votes, and a
 * discussion of type poll left without its poll (its rows were not in the source) made a plain discussion.
 */
export async function settleImportedPolls(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`update "pollOptions" set "countVotes" =
        (select count(*) from "pollVotes" v where v."pollOptionID" = "pollOptions"."pollOptionID")`.execute(trx);
    await sql`update "polls" set "countVoters" =
        (select count(distinct v."userID") from "pollVotes" v where v."pollID" = "polls"."pollID")`.execute(trx);
    await trx
      .updateTable("discussions")
      .set({ type: "discussion" })
      .where("type", "=", "poll")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom("polls").select("pollID").whereRef("polls.discussionID", "=", "discussions.discussionID"),
          ),
        ),
      )
      .execute();
  });
}
