import { type Kysely, type Selectable, type Updateable } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import type { DB, DraftsTable } from "../../platform/db/schema.ts";
import type { DateCondition } from "../../platform/http/filters.ts";

export type DraftRow = Selectable<DraftsTable>;
export type NewDraft = Omit<DraftRow, "draftID" | "claimedUntil">;
export type DraftChanges = Updateable<DraftsTable>;

export const DRAFT_STATUS = { draft: 0, scheduled: 1, error: 2 } as const;

export interface DraftFilters {
  insertUserID: number;
  recordType?: string;
  recordID?: number;
  parentRecordType?: string;
  parentRecordID?: number;
  draftStatus?: number;
  dateUpdated?: DateCondition[];
  dateScheduled?: DateCondition[];
}

export type DraftSortField = "dateInserted" | "dateUpdated" | "dateScheduled";

/** Drafts: the only file with their SQL (both engines). */
export function createDraftsRepo(db: Kysely<DB>, dialect: DialectName) {
  const filtered = (filters: DraftFilters) => {
    let query = db.selectFrom("drafts").where("insertUserID", "=", filters.insertUserID);
    if (filters.recordType !== undefined) query = query.where("recordType", "=", filters.recordType);
    if (filters.recordID !== undefined) query = query.where("recordID", "=", filters.recordID);
    if (filters.parentRecordType !== undefined) query = query.where("parentRecordType", "=", filters.parentRecordType);
    if (filters.parentRecordID !== undefined) query = query.where("parentRecordID", "=", filters.parentRecordID);
    if (filters.draftStatus !== undefined) query = query.where("draftStatus", "=", filters.draftStatus);
    for (const condition of filters.dateUpdated ?? [])
      query = query.where("dateUpdated", condition.op, condition.value);
    for (const condition of filters.dateScheduled ?? [])
      query = query.where("dateScheduled", condition.op, condition.value);
    return query;
  };

  return {
    /** The same queries inside a transaction (publishing deletes the draft in the post's own). */
    withTransaction: (trx: Kysely<DB>) => createDraftsRepo(trx, dialect),

    async insert(row: NewDraft): Promise<number> {
      const inserted = await db.insertInto("drafts").values(row).returning("draftID").executeTakeFirstOrThrow();
      return inserted.draftID;
    },

    findById(draftID: number): Promise<DraftRow | undefined> {
      return db.selectFrom("drafts").selectAll().where("draftID", "=", draftID).executeTakeFirst();
    },

    async update(draftID: number, changes: DraftChanges): Promise<void> {
      await db.updateTable("drafts").set(changes).where("draftID", "=", draftID).execute();
    },

    async remove(draftID: number): Promise<boolean> {
      const result = await db.deleteFrom("drafts").where("draftID", "=", draftID).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    list(filters: DraftFilters, sort: DraftSortField, descending: boolean, offset: number, limit: number) {
      return filtered(filters)
        .selectAll()
        .orderBy(sort, descending ? "desc" : "asc")
        .orderBy("draftID", descending ? "desc" : "asc")
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async count(filters: DraftFilters): Promise<number> {
      const row = await filtered(filters)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Another scheduled draft updating this record (at most one may wait per record). */
    scheduledForRecord(recordType: string, recordID: number, exceptDraftID: number | null) {
      let query = db
        .selectFrom("drafts")
        .select(["draftID", "insertUserID"])
        .where("recordType", "=", recordType)
        .where("recordID", "=", recordID)
        .where("draftStatus", "=", DRAFT_STATUS.scheduled);
      if (exceptDraftID !== null) query = query.where("draftID", "<>", exceptDraftID);
      return query.orderBy("draftID").limit(1).executeTakeFirst();
    },

    async userName(userID: number): Promise<string> {
      const row = await db.selectFrom("users").select("name").where("userID", "=", userID).executeTakeFirst();
      return row?.name ?? "";
    },

    /** The names of the discussions comment drafts go to, in one query. */
    /** The discussions' names, with their categories (for the viewer's right to see them). */
    async discussionNames(discussionIDs: number[]): Promise<Map<number, { name: string; categoryID: number }>> {
      if (!discussionIDs.length) return new Map();
      const rows = await db
        .selectFrom("discussions")
        .select(["discussionID", "name", "categoryID"])
        .where("discussionID", "in", discussionIDs)
        .execute();
      return new Map(rows.map((row) => [row.discussionID, { name: row.name, categoryID: row.categoryID }]));
    },

    /**
     * Claims scheduled drafts that are due and nobody holds (or whose holder's lease ran out: a crash
     * mid-publish), holding them until `leaseUntil`. Only the claiming process gets them back: on
     * PostgreSQL the candidates are locked `FOR UPDATE SKIP LOCKED`, so two processes claiming at once
     * take different rows; on SQLite the one UPDATE runs alone (writers are serialised).
     */
    async claimDue(now: string, leaseUntil: string, limit: number): Promise<DraftRow[]> {
      const due = db
        .selectFrom("drafts")
        .select("draftID")
        .where("draftStatus", "=", DRAFT_STATUS.scheduled)
        .where("dateScheduled", "<=", now)
        .where((eb) => eb.or([eb("claimedUntil", "is", null), eb("claimedUntil", "<", now)]))
        .orderBy("dateScheduled")
        .limit(limit);
      return db
        .updateTable("drafts")
        .set({ claimedUntil: leaseUntil })
        .where("draftID", "in", dialect === "postgres" ? due.forUpdate().skipLocked() : due)
        .where("draftStatus", "=", DRAFT_STATUS.scheduled)
        .where((eb) => eb.or([eb("claimedUntil", "is", null), eb("claimedUntil", "<", now)]))
        .returningAll()
        .execute();
    },

    /** Deletes a published draft if this claim still holds it. */
    async removeClaimed(draftID: number, leaseUntil: string): Promise<boolean> {
      const result = await db
        .deleteFrom("drafts")
        .where("draftID", "=", draftID)
        .where("claimedUntil", "=", leaseUntil)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Marks a claimed draft failed, with the reason, and lets go of it. */
    async failClaimed(draftID: number, leaseUntil: string, reason: string, now: string): Promise<void> {
      await db
        .updateTable("drafts")
        .set({ draftStatus: DRAFT_STATUS.error, failedReason: reason, claimedUntil: null, dateUpdated: now })
        .where("draftID", "=", draftID)
        .where("claimedUntil", "=", leaseUntil)
        .execute();
    },

    /** The owner of a draft being published (read only). */
    userByID(userID: number) {
      return db.selectFrom("users").selectAll().where("userID", "=", userID).executeTakeFirst();
    },
  };
}

export type DraftsRepo = ReturnType<typeof createDraftsRepo>;
