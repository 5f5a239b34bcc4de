import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

export type PreviewRow = DB["linkPreviews"];

/** The only file with the previews feature's SQL: the `linkPreviews` table it owns. */
export function createPreviewsRepo(db: Kysely<DB>) {
  return {
    find: (urlHash: string) =>
      db.selectFrom("linkPreviews").selectAll().where("urlHash", "=", urlHash).executeTakeFirst(),

    /** Stores what was learnt about an address, replacing what was known. */
    async save(row: PreviewRow): Promise<void> {
      const { urlHash: _key, ...changes } = row;
      await db
        .insertInto("linkPreviews")
        .values(row)
        .onConflict((oc) => oc.column("urlHash").doUpdateSet(changes))
        .execute();
    },
  };
}

export type PreviewsRepo = ReturnType<typeof createPreviewsRepo>;
