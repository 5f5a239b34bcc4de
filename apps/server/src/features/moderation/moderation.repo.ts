import type { Insertable, Kysely, Selectable } from "kysely";
import type { AuditLogsTable, ChangeLogTable, CommentsTable, DB, DiscussionsTable } from "../../platform/db/schema.ts";

export type ChangeLogRow = Selectable<ChangeLogTable>;
export type AuditLogRow = Selectable<AuditLogsTable>;

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
    async reviveTombstone(
      commentID: number,
      row: {
        body: string;
        format: string;
        attributes: string | null;
        dateUpdated: string | null;
        updateUserID: number | null;
      },
    ): Promise<void> {
      await db.updateTable("comments").set(row).where("commentID", "=", commentID).execute();
    },

    /** Puts a deleted comment back under its own commentID. */
    async restoreComment(row: Insertable<CommentsTable> & { commentID: number }): Promise<void> {
      await db.insertInto("comments").values(row).execute();
    },

    /** A discussion's comment count and last comment, read back from its comments (a sunk one keeps its date). */
    async refreshDiscussionCount(
      discussion: Selectable<DiscussionsTable>,
      hotScore: (date: string, score: number, countComments: number) => number,
    ): Promise<void> {
      const count = await db
        .selectFrom("comments")
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .where("discussionID", "=", discussion.discussionID)
        .executeTakeFirstOrThrow();
      const latest = await db
        .selectFrom("comments")
        .select(["commentID", "insertUserID", "dateInserted"])
        .where("discussionID", "=", discussion.discussionID)
        .orderBy("dateInserted", "desc")
        .orderBy("commentID", "desc")
        .limit(1)
        .executeTakeFirst();
      const countComments = Number(count.count);
      const dateLastComment =
        discussion.sink === 1 ? discussion.dateLastComment : (latest?.dateInserted ?? discussion.dateInserted);
      await db
        .updateTable("discussions")
        .set({
          countComments,
          lastCommentID: latest?.commentID ?? null,
          lastUserID: latest?.insertUserID ?? discussion.insertUserID,
          dateLastComment,
          hot: hotScore(dateLastComment, discussion.score, countComments),
        })
        .where("discussionID", "=", discussion.discussionID)
        .execute();
    },

    async markRestored(logID: number, userID: number, date: string): Promise<void> {
      await db
        .updateTable("changeLog")
        .set({ restoreUserID: userID, dateRestored: date })
        .where("logID", "=", logID)
        .execute();
    },

    async insertAudit(row: Insertable<AuditLogsTable>): Promise<void> {
      await db.insertInto("auditLogs").values(row).execute();
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
