import type { Kysely, Selectable } from "kysely";
import type { DB, LayoutRevisionsTable, LayoutsTable, LayoutViewsTable } from "../../platform/db/schema.ts";

export type LayoutRow = Selectable<LayoutsTable>;
export type LayoutRevisionRow = Selectable<LayoutRevisionsTable>;
export type LayoutViewRow = Selectable<LayoutViewsTable>;

/** The only file with the stored layouts' SQL (migration 0075). */
export function createLayoutsRepo(db: Kysely<DB>) {
  return {
    withTransaction: (trx: Kysely<DB>) => createLayoutsRepo(trx),

    list: () => db.selectFrom("layouts").selectAll().orderBy("layoutID").execute(),

    find: (layoutID: number) =>
      db.selectFrom("layouts").selectAll().where("layoutID", "=", layoutID).executeTakeFirst(),

    async insert(row: Omit<LayoutRow, "layoutID">): Promise<number> {
      const inserted = await db.insertInto("layouts").values(row).returning("layoutID").executeTakeFirstOrThrow();
      return inserted.layoutID;
    },

    update: (layoutID: number, changes: Partial<Omit<LayoutRow, "layoutID">>) =>
      db.updateTable("layouts").set(changes).where("layoutID", "=", layoutID).execute(),

    async remove(layoutID: number): Promise<void> {
      await db.deleteFrom("layoutRevisions").where("layoutID", "=", layoutID).execute();
      await db.deleteFrom("layouts").where("layoutID", "=", layoutID).execute();
    },

    insertRevision: (row: Omit<LayoutRevisionRow, "revisionID">) =>
      db.insertInto("layoutRevisions").values(row).execute(),

    /** A layout's revisions, newest first. */
    revisions: (layoutID: number) =>
      db
        .selectFrom("layoutRevisions")
        .selectAll()
        .where("layoutID", "=", layoutID)
        .orderBy("revisionID", "desc")
        .execute(),

    findRevision: (layoutID: number, revisionID: number) =>
      db
        .selectFrom("layoutRevisions")
        .selectAll()
        .where("layoutID", "=", layoutID)
        .where("revisionID", "=", revisionID)
        .executeTakeFirst(),

    /** Every assignment, with its layout's widgets: what the pages show (small: one row a view type or category). */
    assignments: () =>
      db
        .selectFrom("layoutViews as v")
        .innerJoin("layouts as l", "l.layoutID", "v.layoutID")
        .select(["v.layoutViewType", "v.recordType", "v.recordID", "v.layoutID", "l.layout"])
        .execute(),

    views: (layoutID?: number) => {
      const query = db.selectFrom("layoutViews").selectAll().orderBy("layoutViewID");
      return (layoutID === undefined ? query : query.where("layoutID", "=", layoutID)).execute();
    },

    /** Assigns the layout to a page, in place of the layout assigned to it before. */
    async assign(row: Omit<LayoutViewRow, "layoutViewID">): Promise<void> {
      await db
        .deleteFrom("layoutViews")
        .where("layoutViewType", "=", row.layoutViewType)
        .where("recordType", "=", row.recordType)
        .where("recordID", "=", row.recordID)
        .execute();
      await db.insertInto("layoutViews").values(row).execute();
    },

    /** Removes the layout's views of these ids; how many there were. */
    async unassign(layoutID: number, layoutViewIDs: number[]): Promise<number> {
      const result = await db
        .deleteFrom("layoutViews")
        .where("layoutID", "=", layoutID)
        .where("layoutViewID", "in", layoutViewIDs)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type LayoutsRepo = ReturnType<typeof createLayoutsRepo>;
