import type { Insertable, Kysely, Updateable } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

type BanInsert = Insertable<DB["bans"]>;

/** The only file with the bans feature's SQL: `bans`, which it owns. */
export function createBansRepo(db: Kysely<DB>) {
  return {
    async page(options: { banType?: string | undefined; offset: number; limit: number }) {
      let query = db.selectFrom("bans");
      if (options.banType) query = query.where("banType", "=", options.banType);
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy("dateInserted", "desc")
          .orderBy("banID", "desc")
          .offset(options.offset)
          .limit(options.limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    /**
     * Every rule in force at `now` (a site has a few thousand at most): registration and sign-in are checked
     * against them. An expired rule is kept (listed, marked) but applies no more.
     */
    active: (now: string) =>
      db
        .selectFrom("bans")
        .select(["banID", "banType", "banValue"])
        .where((eb) => eb.or([eb("dateExpires", "is", null), eb("dateExpires", ">", now)]))
        .execute(),

    byId: (banID: number) => db.selectFrom("bans").selectAll().where("banID", "=", banID).executeTakeFirst(),

    async idOf(banType: string, banValue: string): Promise<number | null> {
      const row = await db
        .selectFrom("bans")
        .select("banID")
        .where("banType", "=", banType)
        .where("banValue", "=", banValue)
        .executeTakeFirst();
      return row?.banID ?? null;
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom("bans")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insert(row: BanInsert): Promise<number> {
      const inserted = await db.insertInto("bans").values(row).returning("banID").executeTakeFirstOrThrow();
      return inserted.banID;
    },

    async update(banID: number, changes: Updateable<DB["bans"]>): Promise<void> {
      await db.updateTable("bans").set(changes).where("banID", "=", banID).execute();
    },

    async remove(banID: number): Promise<void> {
      await db.deleteFrom("bans").where("banID", "=", banID).execute();
    },

    /** One more refused registration on each rule that refused it, in one statement. */
    async countBlocked(banIDs: number[]): Promise<void> {
      if (banIDs.length === 0) return;
      await db
        .updateTable("bans")
        .set((eb) => ({ countBlockedRegistrations: eb("countBlockedRegistrations", "+", 1) }))
        .where("banID", "in", banIDs)
        .execute();
    },
  };
}

export type BansRepo = ReturnType<typeof createBansRepo>;
