import type { Kysely, Selectable } from "kysely";
import type { CustomPagesTable, DB } from "../../platform/db/schema.ts";

export type CustomPageRow = Selectable<CustomPagesTable>;

/** The only file with the custom pages' SQL (migration 0077). */
export function createCustomPagesRepo(db: Kysely<DB>) {
  return {
    withTransaction: (trx: Kysely<DB>) => createCustomPagesRepo(trx),

    /** Every page, by address (a site has a handful). */
    list: () => db.selectFrom("customPages").selectAll().orderBy("urlcode").execute(),

    find: (customPageID: number) =>
      db.selectFrom("customPages").selectAll().where("customPageID", "=", customPageID).executeTakeFirst(),

    findByPath: (urlcode: string) =>
      db.selectFrom("customPages").selectAll().where("urlcode", "=", urlcode).executeTakeFirst(),

    async insert(row: Omit<CustomPageRow, "customPageID">): Promise<number> {
      const inserted = await db
        .insertInto("customPages")
        .values(row)
        .returning("customPageID")
        .executeTakeFirstOrThrow();
      return inserted.customPageID;
    },

    update: (customPageID: number, changes: Partial<Omit<CustomPageRow, "customPageID" | "layoutID">>) =>
      db.updateTable("customPages").set(changes).where("customPageID", "=", customPageID).execute(),

    remove: (customPageID: number) => db.deleteFrom("customPages").where("customPageID", "=", customPageID).execute(),
  };
}

export type CustomPagesRepo = ReturnType<typeof createCustomPagesRepo>;
