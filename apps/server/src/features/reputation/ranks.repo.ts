import type { Kysely, Selectable, Updateable } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import { recomputeAllRanks, releaseRank, setManualRank } from "../users/index.ts";

export type RankRow = Selectable<DB["ranks"]> & { countUsers: number };

/** The ranks' SQL: the definitions (with how many members hold each) and a member's rank set by hand. */
export function createRanksRepo(db: Kysely<DB>) {
  const withCounts = () =>
    db
      .selectFrom("ranks")
      .selectAll("ranks")
      .select((eb) =>
        eb
          .selectFrom("users")
          .select((inner) => inner.fn.countAll<number>().as("count"))
          .whereRef("users.rankID", "=", "ranks.rankID")
          .where("users.deleted", "=", 0)
          .as("countUsers"),
      );
  const normalise = (row: Omit<RankRow, "countUsers"> & { countUsers: number | string | null }): RankRow => ({
    ...row,
    countUsers: Number(row.countUsers ?? 0),
  });

  return {
    list: async () => (await withCounts().orderBy("level").orderBy("rankID").execute()).map(normalise),
    get: async (rankID: number) => {
      const row = await withCounts().where("rankID", "=", rankID).executeTakeFirst();
      return row ? normalise(row) : undefined;
    },
    /** Adds a rank; every member's rank is computed again with it. */
    async insert(values: Omit<Selectable<DB["ranks"]>, "rankID">, nowMs: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { rankID } = await trx.insertInto("ranks").values(values).returning("rankID").executeTakeFirstOrThrow();
        await recomputeAllRanks(trx, nowMs);
        return rankID;
      });
    },

    async update(rankID: number, values: Updateable<DB["ranks"]>, nowMs: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable("ranks").set(values).where("rankID", "=", rankID).execute();
        await recomputeAllRanks(trx, nowMs);
      });
    },

    /** Deletes a rank: its members, by hand or not, go back to the computed rank (the users feature's write). */
    async delete(rankID: number, nowMs: number): Promise<void> {
      await db
        .transaction()
        .execute((trx) =>
          releaseRank(
            trx,
            rankID,
            async () => void (await trx.deleteFrom("ranks").where("rankID", "=", rankID).execute()),
            nowMs,
          ),
        );
    },

    /** `PUT /users/{id}/rank`: a rank set by hand, or (null) the computed one again (the users feature's write). */
    async setManual(userID: number, rankID: number | null, nowMs: number): Promise<number | null> {
      return db.transaction().execute((trx) => setManualRank(trx, userID, rankID, nowMs));
    },

    member: (userID: number) =>
      db.selectFrom("users").select(["userID", "deleted", "rankID"]).where("userID", "=", userID).executeTakeFirst(),
  };
}

export type RanksRepo = ReturnType<typeof createRanksRepo>;
