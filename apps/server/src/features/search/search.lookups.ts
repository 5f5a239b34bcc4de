import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** Names the search filters take, turned into ids, and what a page's results show of other records (one query each). */
export function createLookups(db: Kysely<DB>) {
  return {
    /** `insertUserIDs` plus the ids of the `authors` named; undefined when neither was given. */
    async authorIDs(ids: number[] | undefined, names: string[]): Promise<number[] | undefined> {
      if (!ids?.length && !names.length) return undefined;
      const out = new Set(ids ?? []);
      if (names.length) {
        const rows = await db.selectFrom("users").select("userID").where("name", "in", names).execute();
        for (const row of rows) out.add(row.userID);
      }
      return [...out];
    },

    /** Tags by name or urlcode (unknown ones match nothing). */
    async tagIDs(names: string[]): Promise<number[]> {
      const rows = await db
        .selectFrom("tags")
        .select("tagID")
        .where((eb) =>
          eb.or([
            eb("name", "in", names),
            eb(
              "urlcode",
              "in",
              names.map((name) => name.toLowerCase()),
            ),
          ]),
        )
        .execute();
      return rows.map((row) => row.tagID);
    },

    /** Groups' privacy and category now, by id (a page's group results show them). */
    async groups(groupIDs: number[]): Promise<Map<number, { privacy: string; categoryID: number }>> {
      if (!groupIDs.length) return new Map();
      const rows = await db
        .selectFrom("groups")
        .select(["groupID", "privacy", "categoryID"])
        .where("groupID", "in", groupIDs)
        .execute();
      return new Map(rows.map((row) => [row.groupID, { privacy: row.privacy, categoryID: row.categoryID }]));
    },
  };
}
