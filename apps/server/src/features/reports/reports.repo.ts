import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from "kysely";
import type { DB, ReportReasonsTable, ReportsTable } from "../../platform/db/schema.ts";
import { idConditions, type IdFilter } from "../../platform/http/filters.ts";

export type ReportRow = Selectable<ReportsTable>;
export type ReportReasonRow = Selectable<ReportReasonsTable>;

export interface ReportFilters {
  recordType?: string;
  recordID?: IdFilter;
  statuses: string[];
  /** Only reports in these categories (what the moderator may see). */
  categoryIDs: number[];
  /** Also the reports of private messages, except those of this member's messages (`reportsPolicy.maySeeReport`). */
  messagesNotBy?: number;
  /** Pending reports (the premoderation queue) or reports of published posts. */
  isPending: boolean;
  premoderationQueue?: "approval" | "spam";
}

/** A LIKE pattern's literal text (escape character "!", which both engines take). */
const escapeLike = (text: string) => text.replace(/[!%_]/g, "!$&");

/** The only file with the reports' SQL. */
export function createReportsRepo(db: Kysely<DB>) {
  const filtered = (filters: ReportFilters) => {
    const { messagesNotBy } = filters;
    let query = db
      .selectFrom("reports")
      .where("status", "in", filters.statuses)
      .where((eb) => {
        const inCategories = eb.and([
          eb("placeRecordType", "=", "category"),
          eb("placeRecordID", "in", filters.categoryIDs.length ? filters.categoryIDs : [-2]),
        ]);
        return messagesNotBy === undefined
          ? inCategories
          : eb.or([inCategories, eb.and([eb("recordType", "=", "message"), eb("recordUserID", "<>", messagesNotBy)])]);
      })
      .where("isPending", "=", filters.isPending ? 1 : 0);
    if (filters.premoderationQueue !== undefined)
      query = query.where("premoderationQueue", "=", filters.premoderationQueue);
    if (filters.recordType !== undefined) query = query.where("recordType", "=", filters.recordType);
    for (const condition of idConditions(filters.recordID))
      query = query.where("recordID", condition.op, condition.value);
    return query;
  };
  return {
    async insert(row: Insertable<ReportsTable>): Promise<number> {
      return (await db.insertInto("reports").values(row).returning("reportID").executeTakeFirstOrThrow()).reportID;
    },
    /**
     * The posts with at least `minCount` open reports (of `reportReasonID` when given) in `categoryIDs`, most
     * recently reported first: each post's count and latest report; and those posts' open reports' reasons.
     */
    async counters(
      filters: { categoryIDs: number[]; minCount: number; reportReasonID?: string },
      offset: number,
      limit: number,
    ) {
      let open = db
        .selectFrom("reports")
        .where("status", "=", "new")
        .where("isPending", "=", 0)
        .where("recordType", "in", ["discussion", "comment"])
        .where("placeRecordType", "=", "category")
        .where("placeRecordID", "in", filters.categoryIDs.length ? filters.categoryIDs : [-2]);
      if (filters.reportReasonID !== undefined)
        open = open.where(
          sql<boolean>`${sql.ref("reportReasonIDs")} like ${`%${escapeLike(JSON.stringify(filters.reportReasonID))}%`} escape '!'`,
        );
      const groups = await open
        .select(["recordType", "recordID"])
        .select(({ fn }) => [fn.countAll<number | string>().as("count"), fn.max("reportID").as("lastReportID")])
        .groupBy(["recordType", "recordID"])
        .having(({ fn }) => fn.countAll(), ">=", filters.minCount)
        .orderBy(({ fn }) => fn.max("reportID"), "desc")
        .offset(offset)
        .limit(limit)
        .execute();
      if (groups.length === 0) return { groups, latest: [], reasons: [] };
      const [latest, reasons] = await Promise.all([
        db
          .selectFrom("reports")
          .selectAll()
          .where(
            "reportID",
            "in",
            groups.map((group) => Number(group.lastReportID)),
          )
          .execute(),
        open
          .select(["recordType", "recordID", "reportReasonIDs"])
          .where(
            "recordID",
            "in",
            groups.map((group) => group.recordID),
          )
          .execute(),
      ]);
      return { groups, latest, reasons };
    },
    findById: (reportID: number) =>
      db.selectFrom("reports").selectAll().where("reportID", "=", reportID).executeTakeFirst(),
    list: (filters: ReportFilters, offset: number, limit: number) =>
      filtered(filters).selectAll().orderBy("reportID", "desc").offset(offset).limit(limit).execute(),
    async count(filters: ReportFilters): Promise<number> {
      const row = await filtered(filters)
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async setStatus(reportIDs: number[], status: string, userID: number, date: string): Promise<void> {
      if (reportIDs.length === 0) return;
      await db
        .updateTable("reports")
        .set({ status, updateUserID: userID, dateUpdated: date })
        .where("reportID", "in", reportIDs)
        .execute();
    },
    /**
     * Takes a pending report for approving: it leaves the queue at once (`isPending` 0 while its post is written),
     * so two moderators approving together publish it once. False when it was no longer pending.
     */
    async claimPending(reportID: number): Promise<boolean> {
      const result = await db
        .updateTable("reports")
        .set({ isPending: 0 })
        .where("reportID", "=", reportID)
        .where("isPending", "=", 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** A claimed report back in the queue (its post could not be written). */
    async releasePending(reportID: number): Promise<void> {
      await db.updateTable("reports").set({ isPending: 1 }).where("reportID", "=", reportID).execute();
    },
    /** A pending report's post was approved: it now reports the published post. */
    async markApproved(
      reportID: number,
      record: { recordID: number; recordName: string; recordUrl: string },
      userID: number,
      date: string,
    ): Promise<void> {
      await db
        .updateTable("reports")
        .set({
          ...record,
          isPending: 0,
          pendingRecord: null,
          status: "dismissed",
          updateUserID: userID,
          dateUpdated: date,
        })
        .where("reportID", "=", reportID)
        .execute();
    },
    /** A rejected held post: its report goes with it (nothing of the post is kept). */
    async deletePending(reportID: number): Promise<void> {
      await db.deleteFrom("reports").where("reportID", "=", reportID).where("isPending", "=", 1).execute();
    },
    /** The held edits of a post still waiting (a newer one replaces them). */
    async deletePendingEdits(recordType: string, recordID: number): Promise<void> {
      await db
        .deleteFrom("reports")
        .where("recordType", "=", recordType)
        .where("recordID", "=", recordID)
        .where("isPending", "=", 1)
        .execute();
    },
    /** A held post's author (to publish it as them when approved). */
    author: (userID: number) => db.selectFrom("users").selectAll().where("userID", "=", userID).executeTakeFirst(),
    /** A member's own held posts, oldest first (a member has few: each waits for a moderator). */
    pendingBy: (userID: number) =>
      db
        .selectFrom("reports")
        .selectAll()
        .where("isPending", "=", 1)
        .where("recordUserID", "=", userID)
        .orderBy("reportID")
        .limit(500)
        .execute(),
    /** Open reports of a record (for acting on them all at once); not a held edit of it (premoderation). */
    async openOf(recordType: string, recordID: number): Promise<number[]> {
      const rows = await db
        .selectFrom("reports")
        .select("reportID")
        .where("recordType", "=", recordType)
        .where("recordID", "=", recordID)
        .where("isPending", "=", 0)
        .where("status", "in", ["new", "escalated"])
        .execute();
      return rows.map((row) => row.reportID);
    },
    /** Every reason, deleted ones included (reports keep theirs), in their order. */
    reasons: () => db.selectFrom("reportReasons").selectAll().orderBy("sort").orderBy("reportReasonID").execute(),
    findReason: (reportReasonID: string) =>
      db.selectFrom("reportReasons").selectAll().where("reportReasonID", "=", reportReasonID).executeTakeFirst(),
    async insertReason(row: Insertable<ReportReasonsTable>): Promise<void> {
      await db.insertInto("reportReasons").values(row).execute();
    },
    async updateReason(reportReasonID: string, changes: Updateable<ReportReasonsTable>): Promise<void> {
      await db.updateTable("reportReasons").set(changes).where("reportReasonID", "=", reportReasonID).execute();
    },
    async deleteReason(reportReasonID: string): Promise<void> {
      await db.deleteFrom("reportReasons").where("reportReasonID", "=", reportReasonID).execute();
    },
    /** How many reports used each reason (reasons are kept as a JSON array of IDs on the report). */
    async reasonUses(reportReasonIDs: string[]): Promise<Map<string, number>> {
      const counts = await Promise.all(
        reportReasonIDs.map(async (id) => {
          const row = await db
            .selectFrom("reports")
            .select(({ fn }) => fn.countAll<number>().as("count"))
            .where(sql<boolean>`${sql.ref("reportReasonIDs")} like ${`%${escapeLike(JSON.stringify(id))}%`} escape '!'`)
            .executeTakeFirstOrThrow();
          return [id, Number(row.count)] as const;
        }),
      );
      return new Map(counts);
    },
    /** Open report counts and last dates of many records in one query (reportMeta); held edits are no reports. */
    async metaOf(recordType: string, recordIDs: number[]) {
      if (recordIDs.length === 0) return new Map<number, { countReports: number; dateLastReport: string | null }>();
      const rows = await db
        .selectFrom("reports")
        .select(({ fn }) => ["recordID", fn.countAll<number>().as("count"), fn.max("dateInserted").as("last")])
        .where("recordType", "=", recordType)
        .where("recordID", "in", recordIDs)
        .where("status", "in", ["new", "escalated"])
        .where("isPending", "=", 0)
        .groupBy("recordID")
        .execute();
      return new Map(
        rows.map((row) => [
          row.recordID,
          { countReports: Number(row.count), dateLastReport: row.last ? String(row.last) : null },
        ]),
      );
    },
  };
}

export type ReportsRepo = ReturnType<typeof createReportsRepo>;
