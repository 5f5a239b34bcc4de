import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { AttachmentIntegrationsTable, AttachmentsTable, DB } from "../../platform/db/schema.ts";

export type AttachmentRow = Selectable<AttachmentsTable>;
export type AttachmentIntegrationRow = Selectable<AttachmentIntegrationsTable>;

/** The only file with the attachments' SQL (migration 0081): attachments and the integrations' settings. */
export function createAttachmentsRepo(db: Kysely<DB>) {
  return {
    withTransaction: (trx: Kysely<DB>) => createAttachmentsRepo(trx),

    /** The attachments of posts of one type (a post, or a page of comments), oldest first. */
    forRecords: (recordType: AttachmentRow["recordType"], recordIDs: readonly number[]) =>
      recordIDs.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom("attachments")
            .selectAll()
            .where("recordType", "=", recordType)
            .where("recordID", "in", recordIDs)
            .orderBy("attachmentID")
            .execute(),

    find: (attachmentID: number) =>
      db.selectFrom("attachments").selectAll().where("attachmentID", "=", attachmentID).executeTakeFirst(),

    findMany: (attachmentIDs: readonly number[]) =>
      attachmentIDs.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom("attachments")
            .selectAll()
            .where("attachmentID", "in", attachmentIDs)
            .orderBy("attachmentID")
            .execute(),

    async insert(row: Insertable<AttachmentsTable>): Promise<number> {
      const inserted = await db
        .insertInto("attachments")
        .values(row)
        .returning("attachmentID")
        .executeTakeFirstOrThrow();
      return inserted.attachmentID;
    },

    update: (attachmentID: number, changes: Updateable<AttachmentsTable>) =>
      db.updateTable("attachments").set(changes).where("attachmentID", "=", attachmentID).execute(),

    integration: (attachmentType: string) =>
      db
        .selectFrom("attachmentIntegrations")
        .selectAll()
        .where("attachmentType", "=", attachmentType)
        .executeTakeFirst(),

    /** Writes an integration's settings (and secret), inserting its row the first time. */
    async saveIntegration(row: AttachmentIntegrationRow): Promise<void> {
      const { attachmentType, ...changes } = row;
      const updated = await db
        .updateTable("attachmentIntegrations")
        .set(changes)
        .where("attachmentType", "=", attachmentType)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) await db.insertInto("attachmentIntegrations").values(row).execute();
    },
  };
}

export type AttachmentsRepo = ReturnType<typeof createAttachmentsRepo>;
