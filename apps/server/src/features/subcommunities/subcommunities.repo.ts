import type { Kysely, Selectable } from "kysely";
import type { DB, SubcommunitiesTable } from "../../platform/db/schema.ts";

export type SubcommunityRow = Selectable<SubcommunitiesTable>;

/** The only file with the subcommunities' SQL (migration 0084). */
export function createSubcommunitiesRepo(db: Kysely<DB>) {
  return {
    /** Every section in the picker's order (a site has a handful). */
    list: () =>
      db.selectFrom("subcommunities").selectAll().orderBy("sort").orderBy("name").orderBy("subcommunityID").execute(),

    find: (subcommunityID: number) =>
      db.selectFrom("subcommunities").selectAll().where("subcommunityID", "=", subcommunityID).executeTakeFirst(),

    async insert(row: Omit<SubcommunityRow, "subcommunityID">): Promise<number> {
      const inserted = await db
        .insertInto("subcommunities")
        .values(row)
        .returning("subcommunityID")
        .executeTakeFirstOrThrow();
      return inserted.subcommunityID;
    },

    update: (subcommunityID: number, changes: Partial<Omit<SubcommunityRow, "subcommunityID">>) =>
      db.updateTable("subcommunities").set(changes).where("subcommunityID", "=", subcommunityID).execute(),

    remove: (subcommunityID: number) =>
      db.deleteFrom("subcommunities").where("subcommunityID", "=", subcommunityID).execute(),
  };
}

export type SubcommunitiesRepo = ReturnType<typeof createSubcommunitiesRepo>;
