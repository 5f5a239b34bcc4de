import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import type { DB, UserExportsTable } from "../../platform/db/schema.ts";

export type UserExportRow = Selectable<UserExportsTable>;

/** The `userExports` table: "Download my data" requests and where their archives are. */
export function createPrivacyRepo(db: Kysely<DB>, dialect: DialectName) {
  return {
    async insert(userID: number, now: string): Promise<UserExportRow> {
      return db
        .insertInto("userExports")
        .values({ userID, status: "pending", fileName: null, claimedUntil: null, dateInserted: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The member's requests, the newest first. */
    listOf(userID: number, limit: number): Promise<UserExportRow[]> {
      return db
        .selectFrom("userExports")
        .selectAll()
        .where("userID", "=", userID)
        .orderBy("exportID", "desc")
        .limit(limit)
        .execute();
    },

    /** One of the member's requests (another member's is as absent as one that never was). */
    findOf(userID: number, exportID: number): Promise<UserExportRow | undefined> {
      return db
        .selectFrom("userExports")
        .selectAll()
        .where("exportID", "=", exportID)
        .where("userID", "=", userID)
        .executeTakeFirst();
    },

    /**
     * Claims the oldest request waiting (or one whose builder stopped: its claim ran out) for `leaseUntil`:
     * one process builds each archive (`SKIP LOCKED` on PostgreSQL, one atomic UPDATE on SQLite).
     */
    async claimNext(now: string, leaseUntil: string): Promise<UserExportRow | undefined> {
      const waiting = (eb: ExpressionBuilder<DB, "userExports">) =>
        eb.or([eb("status", "=", "pending"), eb.and([eb("status", "=", "running"), eb("claimedUntil", "<", now)])]);
      const next = db.selectFrom("userExports").select("exportID").where(waiting).orderBy("exportID").limit(1);
      return db
        .updateTable("userExports")
        .set({ status: "running", claimedUntil: leaseUntil })
        .where("exportID", "in", dialect === "postgres" ? next.forUpdate().skipLocked() : next)
        .where(waiting)
        .returningAll()
        .executeTakeFirst();
    },

    async complete(
      exportID: number,
      changes: { fileName: string; size: number; dateCompleted: string; dateExpires: string },
    ): Promise<void> {
      await db
        .updateTable("userExports")
        .set({ ...changes, status: "ready", claimedUntil: null })
        .where("exportID", "=", exportID)
        .execute();
    },

    async fail(exportID: number, now: string): Promise<void> {
      await db
        .updateTable("userExports")
        .set({ status: "failed", claimedUntil: null, dateCompleted: now })
        .where("exportID", "=", exportID)
        .execute();
    },

    /** Ready archives past their expiry: their files go, the rows stay (the member's history, without a link). */
    expiredFiles(now: string): Promise<Pick<UserExportRow, "exportID" | "fileName">[]> {
      return db
        .selectFrom("userExports")
        .select(["exportID", "fileName"])
        .where("status", "=", "ready")
        .where("fileName", "is not", null)
        .where("dateExpires", "<=", now)
        .execute();
    },

    async forgetFile(exportID: number): Promise<void> {
      await db.updateTable("userExports").set({ fileName: null }).where("exportID", "=", exportID).execute();
    },
  };
}

export type PrivacyRepo = ReturnType<typeof createPrivacyRepo>;
