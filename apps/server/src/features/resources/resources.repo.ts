import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import type { DateCondition } from "../../platform/http/filters.ts";

/** The only file with the dirty records' SQL. */
export function createResourcesRepo(db: Kysely<DB>) {
  return {
    /** Marks a record dirty, or moves its date: one row per record, however often it changes. */
    async mark(recordType: string, recordID: number, dateInserted: string): Promise<void> {
      await db
        .insertInto("dirtyRecords")
        .values({ recordType, recordID, dateInserted })
        .onConflict((oc) => oc.columns(["recordType", "recordID"]).doUpdateSet({ dateInserted }))
        .execute();
    },

    /** One page of a type's dirty records, oldest change first, and how many there are. */
    async page(recordType: string, offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom("dirtyRecords")
          .select(["recordType", "recordID", "dateInserted"])
          .where("recordType", "=", recordType)
          .orderBy("dateInserted")
          .orderBy("recordID")
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom("dirtyRecords")
          .select((eb) => eb.fn.countAll<number | string>().as("count"))
          .where("recordType", "=", recordType)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    /** Clears a type's dirty records, or those of it dirtied at the dates the conditions give. */
    async clear(recordType: string, conditions: DateCondition[]): Promise<number> {
      let query = db.deleteFrom("dirtyRecords").where("recordType", "=", recordType);
      for (const condition of conditions) query = query.where("dateInserted", condition.op, condition.value);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ResourcesRepo = ReturnType<typeof createResourcesRepo>;
