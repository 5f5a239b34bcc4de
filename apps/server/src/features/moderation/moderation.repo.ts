import type { Insertable, Kysely, Selectable } from "kysely";
import type { AuditLogsTable, ChangeLogTable, CommentsTable, DB } from "../../platform/db/schema.ts";
import { markChangeRestored } from "../../platform/history/change-log.ts";
import { restoreComment, reviveCommentTombstone, type TombstoneText } from "./moderation.deps.ts";

export type ChangeLogRow = Selectable<ChangeLogTable>;

/** The only file with the moderation history's and audit log's SQL. */
export function createModerationRepo(db: Kysely<DB>) {
  return {
    withTransaction: (trx: Kysely<DB>) => createModerationRepo(trx),

    /** A discussion's earlier versions, newest first. */
    revisions: (discussionID: number, offset: number, limit: number) =>
      db
        .selectFrom("changeLog")
        .selectAll()
        .where("recordType", "=", "discussion")
        .where("recordID", "=", discussionID)
        .where("operation", "=", "edit")
        .orderBy("logID", "desc")
        .offset(offset)
        .limit(limit)
        .execute(),

    async countRevisions(discussionID: number): Promise<number> {
      const row = await db
        .selectFrom("changeLog")
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .where("recordType", "=", "discussion")
        .where("recordID", "=", discussionID)
        .where("operation", "=", "edit")
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** A discussion's deleted comments not restored yet, newest deletion first. */
    deletedComments: (discussionID: number, offset: number, limit: number) =>
      db
        .selectFrom("changeLog")
        .selectAll()
        .where("recordType", "=", "comment")
        .where("parentRecordID", "=", discussionID)
        .where("operation", "=", "delete")
        .where("dateRestored", "is", null)
        .orderBy("logID", "desc")
        .offset(offset)
        .limit(limit)
        .execute(),

    async countDeletedComments(discussionID: number): Promise<number> {
      const row = await db
        .selectFrom("changeLog")
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .where("recordType", "=", "comment")
        .where("parentRecordID", "=", discussionID)
        .where("operation", "=", "delete")
        .where("dateRestored", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    findLog: (logID: number) => db.selectFrom("changeLog").selectAll().where("logID", "=", logID).executeTakeFirst(),

    /** The comment's attributes when it exists (a tombstone's say so), else undefined. */
    commentAttributes: async (commentID: number) =>
      db.selectFrom("comments").select("attributes").where("commentID", "=", commentID).executeTakeFirst(),

    /** Gives a tombstone its text back. */
    reviveTombstone: (commentID: number, row: TombstoneText) => reviveCommentTombstone(db, commentID, row),

    /** Puts a deleted comment back under its own commentID. */
    restoreComment: (row: Insertable<CommentsTable> & { commentID: number }) => restoreComment(db, row),

    markRestored: (logID: number, userID: number, date: string) => markChangeRestored(db, logID, userID, date),

    async insertAudit(row: Insertable<AuditLogsTable>): Promise<void> {
      await db.insertInto("auditLogs").values(row).execute();
    },

    async findAuditLog(auditLogID: number) {
      return db.selectFrom("auditLogs").selectAll().where("auditLogID", "=", auditLogID).executeTakeFirst();
    },

    async auditLogs(filters: { insertUserID?: number; eventType?: string }, offset: number, limit: number) {
      let query = db.selectFrom("auditLogs").selectAll();
      if (filters.insertUserID !== undefined) query = query.where("insertUserID", "=", filters.insertUserID);
      if (filters.eventType !== undefined) query = query.where("eventType", "=", filters.eventType);
      const rows = await query.orderBy("auditLogID", "desc").offset(offset).limit(limit).execute();
      let count = db.selectFrom("auditLogs").select(({ fn }) => fn.countAll<number>().as("count"));
      if (filters.insertUserID !== undefined) count = count.where("insertUserID", "=", filters.insertUserID);
      if (filters.eventType !== undefined) count = count.where("eventType", "=", filters.eventType);
      return { rows, total: Number((await count.executeTakeFirstOrThrow()).count) };
    },
  };
}

export type ModerationRepo = ReturnType<typeof createModerationRepo>;
