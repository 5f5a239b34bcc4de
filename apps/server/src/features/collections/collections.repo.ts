import { sql, type Kysely, type Selectable } from "kysely";
import type { CollectionRecordsTable, CollectionsTable, DB } from "../../platform/db/schema.ts";
import { idConditions, type DateCondition, type IdFilter } from "../../platform/http/filters.ts";

export type CollectionRow = Selectable<CollectionsTable>;
export type CollectionRecordRow = Selectable<CollectionRecordsTable>;

export interface RecordFilters {
  collectionIDs?: IdFilter;
  /** When a record was added to its collection. */
  dates?: DateCondition[];
}

/** The only file with the collections' SQL. */
export function createCollectionsRepo(db: Kysely<DB>) {
  const filtered = (filters: RecordFilters) => {
    let query = db.selectFrom("collectionRecords");
    for (const condition of idConditions(filters.collectionIDs))
      query = query.where("collectionID", condition.op, condition.value);
    for (const condition of filters.dates ?? []) query = query.where("dateInserted", condition.op, condition.value);
    return query;
  };
  return {
    withTransaction: (trx: Kysely<DB>) => createCollectionsRepo(trx),

    list(filters: { collectionIDs?: IdFilter; name?: string }, offset: number, limit: number) {
      let query = db.selectFrom("collections").selectAll();
      for (const condition of idConditions(filters.collectionIDs))
        query = query.where("collectionID", condition.op, condition.value);
      if (filters.name !== undefined) query = query.where("name", "=", filters.name);
      return query.orderBy("collectionID", "asc").offset(offset).limit(limit).execute();
    },

    findByIds: (ids: number[]) =>
      ids.length ? db.selectFrom("collections").selectAll().where("collectionID", "in", ids).execute() : [],

    /** The records of several collections in one query, in their order. */
    recordsOf: (collectionIDs: number[]) =>
      collectionIDs.length
        ? db
            .selectFrom("collectionRecords")
            .selectAll()
            .where("collectionID", "in", collectionIDs)
            .orderBy("sort")
            .orderBy("dateInserted")
            .execute()
        : Promise.resolve([]),

    /**
     * Records whose discussion or category is gone (deleted one by one, in bulk, with their category
     * or with their author): a collection shows only what exists.
     */
    async pruneDeleted(): Promise<void> {
      const gone = (recordType: string, table: "discussions" | "categories", key: string) =>
        sql<boolean>`("recordType" = ${recordType} and not exists (select 1 from ${sql.table(table)} t
          where ${sql.ref(`t.${key}`)} = "collectionRecords"."recordID"))`;
      await db
        .deleteFrom("collectionRecords")
        .where(
          sql<boolean>`${gone("discussion", "discussions", "discussionID")} or ${gone("category", "categories", "categoryID")}`,
        )
        .execute();
    },

    /** Records across collections (all, or those asked for), in collection and record order: a page, and how many. */
    recordsPage(filters: RecordFilters, offset: number, limit: number) {
      return filtered(filters)
        .selectAll()
        .orderBy("collectionID")
        .orderBy("sort")
        .orderBy("dateInserted")
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async countRecords(filters: RecordFilters): Promise<number> {
      const row = await filtered(filters)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async collectionIDsOfRecord(recordType: string, recordID: number): Promise<number[]> {
      const rows = await db
        .selectFrom("collectionRecords")
        .select("collectionID")
        .where("recordType", "=", recordType)
        .where("recordID", "=", recordID)
        .orderBy("collectionID")
        .execute();
      return rows.map((row) => row.collectionID);
    },

    async insert(row: Omit<CollectionRow, "collectionID">): Promise<number> {
      return (await db.insertInto("collections").values(row).returning("collectionID").executeTakeFirstOrThrow())
        .collectionID;
    },

    async update(collectionID: number, changes: Partial<Omit<CollectionRow, "collectionID">>): Promise<void> {
      await db.updateTable("collections").set(changes).where("collectionID", "=", collectionID).execute();
    },

    async remove(collectionID: number): Promise<void> {
      await db.deleteFrom("collectionRecords").where("collectionID", "=", collectionID).execute();
      await db.deleteFrom("collections").where("collectionID", "=", collectionID).execute();
    },

    async replaceRecords(collectionID: number, records: CollectionRecordRow[]): Promise<void> {
      await db.deleteFrom("collectionRecords").where("collectionID", "=", collectionID).execute();
      if (records.length) await db.insertInto("collectionRecords").values(records).execute();
    },

    async addRecord(row: CollectionRecordRow): Promise<void> {
      await db
        .insertInto("collectionRecords")
        .values(row)
        .onConflict((oc) => oc.columns(["collectionID", "recordType", "recordID"]).doNothing())
        .execute();
    },

    async removeRecordFrom(recordType: string, recordID: number, collectionIDs: number[]): Promise<void> {
      if (collectionIDs.length === 0) return;
      await db
        .deleteFrom("collectionRecords")
        .where("recordType", "=", recordType)
        .where("recordID", "=", recordID)
        .where("collectionID", "in", collectionIDs)
        .execute();
    },
  };
}

export type CollectionsRepo = ReturnType<typeof createCollectionsRepo>;
