import { sql, type Kysely, type Selectable } from "kysely";
import type { DB, FragmentRevisionsTable, FragmentsTable } from "../../platform/db/schema.ts";

export type FragmentRow = Selectable<FragmentsTable>;
export type FragmentRevisionRow = Selectable<FragmentRevisionsTable>;

/** A revision with its fragment's name and type, as every answer shows it. */
export type FragmentRevisionWithFragment = FragmentRevisionRow & Pick<FragmentRow, "name" | "fragmentType">;

/** The only file with the fragments' SQL (migration 0073). */
export function createFragmentsRepo(db: Kysely<DB>) {
  const revisions = () =>
    db
      .selectFrom("fragmentRevisions as r")
      .innerJoin("fragments as f", "f.fragmentUUID", "r.fragmentUUID")
      .selectAll("r")
      .select(["f.name", "f.fragmentType"]);

  return {
    withTransaction: (trx: Kysely<DB>) => createFragmentsRepo(trx),

    findFragment: (fragmentUUID: string) =>
      db.selectFrom("fragments").selectAll().where("fragmentUUID", "=", fragmentUUID).executeTakeFirst(),

    /** One revision of a fragment. */
    findRevision: (fragmentUUID: string, fragmentRevisionUUID: string) =>
      revisions()
        .where("r.fragmentUUID", "=", fragmentUUID)
        .where("r.fragmentRevisionUUID", "=", fragmentRevisionUUID)
        .executeTakeFirst(),

    /** A fragment's revision of a status (there is at most one draft and one active). */
    findByStatus: (fragmentUUID: string, status: "draft" | "active") =>
      revisions().where("r.fragmentUUID", "=", fragmentUUID).where("r.status", "=", status).executeTakeFirst(),

    /** A fragment's latest revision: the one last edited (its draft, or its newest commit). */
    findLatest: (fragmentUUID: string) =>
      revisions()
        .where("r.fragmentUUID", "=", fragmentUUID)
        .orderBy("r.dateInserted", "desc")
        .orderBy("r.fragmentRevisionUUID", "desc")
        .limit(1)
        .executeTakeFirst(),

    /** Every fragment's revisions (of a type when given), newest or oldest first. */
    list(filter: { fragmentType?: string; ascending: boolean }) {
      let query = revisions();
      if (filter.fragmentType !== undefined) query = query.where("f.fragmentType", "=", filter.fragmentType);
      const direction = filter.ascending ? "asc" : "desc";
      return query.orderBy("r.dateInserted", direction).orderBy("r.fragmentRevisionUUID", direction).execute();
    },

    /** A fragment's revisions, newest first, those whose commit message holds `message` when given. */
    revisions(fragmentUUID: string, page: { offset: number; limit: number }, message?: string) {
      let query = revisions().where("r.fragmentUUID", "=", fragmentUUID);
      if (message) {
        const pattern = `%${message.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where(sql`lower(${sql.ref("r.commitMessage")})`, "like", sql`${pattern} escape '\\'`);
      }
      return query
        .orderBy("r.dateInserted", "desc")
        .orderBy("r.fragmentRevisionUUID", "desc")
        .offset(page.offset)
        .limit(page.limit)
        .execute();
    },

    insertFragment: (row: FragmentRow) => db.insertInto("fragments").values(row).execute(),

    renameFragment: (fragmentUUID: string, name: string) =>
      db.updateTable("fragments").set({ name }).where("fragmentUUID", "=", fragmentUUID).execute(),

    insertRevision: (row: FragmentRevisionRow) => db.insertInto("fragmentRevisions").values(row).execute(),

    updateRevision: (fragmentRevisionUUID: string, changes: Partial<Omit<FragmentRevisionRow, "fragmentUUID">>) =>
      db
        .updateTable("fragmentRevisions")
        .set(changes)
        .where("fragmentRevisionUUID", "=", fragmentRevisionUUID)
        .execute(),

    /** The fragment's active revision becomes a past one (before another is committed). */
    retireActive: (fragmentUUID: string) =>
      db
        .updateTable("fragmentRevisions")
        .set({ status: "past-revision" })
        .where("fragmentUUID", "=", fragmentUUID)
        .where("status", "=", "active")
        .execute(),

    async deleteRevision(fragmentRevisionUUID: string): Promise<void> {
      await db.deleteFrom("fragmentRevisions").where("fragmentRevisionUUID", "=", fragmentRevisionUUID).execute();
    },

    async deleteFragment(fragmentUUID: string): Promise<void> {
      await db.deleteFrom("fragmentRevisions").where("fragmentUUID", "=", fragmentUUID).execute();
      await db.deleteFrom("fragments").where("fragmentUUID", "=", fragmentUUID).execute();
    },

    async hasAcceptedDisclosure(userID: number): Promise<boolean> {
      const row = await db
        .selectFrom("fragmentDisclosures")
        .select("userID")
        .where("userID", "=", userID)
        .executeTakeFirst();
      return row !== undefined;
    },

    async setDisclosure(userID: number, accepted: boolean, now: string): Promise<void> {
      await db.deleteFrom("fragmentDisclosures").where("userID", "=", userID).execute();
      if (accepted) await db.insertInto("fragmentDisclosures").values({ userID, dateAccepted: now }).execute();
    },
  };
}

export type FragmentsRepo = ReturnType<typeof createFragmentsRepo>;
