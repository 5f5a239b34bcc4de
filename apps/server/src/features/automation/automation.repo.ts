import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import type { AutomationDispatchesTable, AutomationRulesTable, DB } from "../../platform/db/schema.ts";

export type AutomationRuleRow = Selectable<AutomationRulesTable>;
type AutomationDispatchRow = Selectable<AutomationDispatchesTable>;

/** What a trigger selects, read from the discussions' table (their writes go through the discussions' service). */
export interface StaleQuery {
  /** Last post before this. */
  before: string;
  /** Only these categories (all when null). */
  categoryIDs: number[] | null;
  /** Leaves out those the action would not change. */
  skip: { closed?: true; inCategory?: number; havingTags?: number[]; actedBy?: number };
  limit: number;
}

/** The only file with the automation rules' SQL (migration 0079): the rules and their dispatches. */
export function createAutomationRepo(db: Kysely<DB>, dialect: DialectName) {
  const stale = (query: StaleQuery) => {
    let select = db.selectFrom("discussions").where("dateLastComment", "<", query.before);
    if (query.categoryIDs)
      select = select.where("categoryID", "in", query.categoryIDs.length ? query.categoryIDs : [-1]);
    if (query.skip.closed) select = select.where("closed", "=", 0);
    if (query.skip.inCategory !== undefined) select = select.where("categoryID", "!=", query.skip.inCategory);
    const tagIDs = query.skip.havingTags;
    if (tagIDs?.length)
      select = select.where((eb) =>
        eb(
          eb
            .selectFrom("tagDiscussions")
            .select((inner) => inner.fn.countAll<number | string>().as("count"))
            .whereRef("tagDiscussions.discussionID", "=", "discussions.discussionID")
            .where("tagDiscussions.tagID", "in", tagIDs),
          "<",
          tagIDs.length,
        ),
      );
    const ruleID = query.skip.actedBy;
    if (ruleID !== undefined)
      select = select.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("automationRecords")
              .select("automationRecords.recordID")
              .where("automationRecords.automationRuleID", "=", ruleID)
              .where("automationRecords.recordType", "=", "discussion")
              .whereRef("automationRecords.recordID", "=", "discussions.discussionID"),
          ),
        ),
      );
    return select;
  };

  return {
    /**
     * Claims a record for a rule: true the first time (this process acts on it), false once it has been
     * (one INSERT; the primary key makes two processes' claims one).
     */
    async claimRecord(automationRuleID: number, recordType: string, recordID: number, now: string) {
      const result = await db
        .insertInto("automationRecords")
        .values({ automationRuleID, recordType, recordID, dateInserted: now })
        .onConflict((oc) => oc.columns(["automationRuleID", "recordType", "recordID"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** A member's name and address (the recipient of a rule's e-mail). */
    recipient: (userID: number) =>
      db
        .selectFrom("users")
        .select(["userID", "name", "email", "deleted", "banned"])
        .where("userID", "=", userID)
        .executeTakeFirst(),

    /** A user's row (the system account's, read to act as it). */
    user: (userID: number) => db.selectFrom("users").selectAll().where("userID", "=", userID).executeTakeFirstOrThrow(),

    list: () => db.selectFrom("automationRules").selectAll().orderBy("automationRuleID").execute(),

    find: (automationRuleID: number) =>
      db.selectFrom("automationRules").selectAll().where("automationRuleID", "=", automationRuleID).executeTakeFirst(),

    async insert(row: Insertable<AutomationRulesTable>): Promise<number> {
      const inserted = await db
        .insertInto("automationRules")
        .values(row)
        .returning("automationRuleID")
        .executeTakeFirstOrThrow();
      return inserted.automationRuleID;
    },

    update: (automationRuleID: number, changes: Updateable<AutomationRulesTable>) =>
      db.updateTable("automationRules").set(changes).where("automationRuleID", "=", automationRuleID).execute(),

    async remove(automationRuleID: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("automationDispatches").where("automationRuleID", "=", automationRuleID).execute();
        await trx.deleteFrom("automationRecords").where("automationRuleID", "=", automationRuleID).execute();
        await trx.deleteFrom("automationRules").where("automationRuleID", "=", automationRuleID).execute();
      });
    },

    /**
     * Claims an active rule whose last run is older than `ranBefore` and that nobody runs now, until `leaseUntil`:
     * one atomic UPDATE (on PostgreSQL the row is locked while it runs; SQLite serialises writers), so one process
     * runs each due rule once. False when it is not due or another process has it.
     */
    async claim(automationRuleID: number, now: string, ranBefore: string | null, leaseUntil: string) {
      let update = db
        .updateTable("automationRules")
        .set({ claimedUntil: leaseUntil })
        .where("automationRuleID", "=", automationRuleID)
        .where((eb) => eb.or([eb("claimedUntil", "is", null), eb("claimedUntil", "<", now)]));
      if (ranBefore !== null)
        update = update
          .where("status", "=", "active")
          .where((eb) => eb.or([eb("dateLastRun", "is", null), eb("dateLastRun", "<=", ranBefore)]));
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    release: (automationRuleID: number, dateLastRun: string) =>
      db
        .updateTable("automationRules")
        .set({ claimedUntil: null, dateLastRun })
        .where("automationRuleID", "=", automationRuleID)
        .execute(),

    /** The active rules (the job looks at each). */
    active: () => db.selectFrom("automationRules").selectAll().where("status", "=", "active").execute(),

    /** Discussions a stale trigger finds, longest idle first. */
    staleDiscussions: (query: StaleQuery) =>
      stale(query)
        .select(["discussionID", "name", "categoryID", "dateLastComment"])
        .orderBy("dateLastComment")
        .orderBy("discussionID")
        .limit(query.limit)
        .execute(),

    async countStale(query: StaleQuery): Promise<number> {
      const row = await stale(query)
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Those of `tagIDs` that exist. */
    existingTags: async (tagIDs: number[]) =>
      tagIDs.length
        ? (await db.selectFrom("tags").select("tagID").where("tagID", "in", tagIDs).execute()).map((row) => row.tagID)
        : [],

    insertDispatch: (row: Insertable<AutomationDispatchesTable>) =>
      db.insertInto("automationDispatches").values(row).execute(),

    updateDispatch: (uuid: string, changes: Updateable<AutomationDispatchesTable>) =>
      db.updateTable("automationDispatches").set(changes).where("automationRuleDispatchUUID", "=", uuid).execute(),

    findDispatch: (uuid: string) =>
      db
        .selectFrom("automationDispatches")
        .innerJoin("automationRules", "automationRules.automationRuleID", "automationDispatches.automationRuleID")
        .selectAll("automationDispatches")
        .select("automationRules.name")
        .where("automationRuleDispatchUUID", "=", uuid)
        .executeTakeFirst(),

    /** Dispatches, newest first (of one rule, of some statuses). */
    dispatches(filter: { automationRuleID?: number; statuses?: string[] }, offset: number, limit: number) {
      let select = db
        .selectFrom("automationDispatches")
        .innerJoin("automationRules", "automationRules.automationRuleID", "automationDispatches.automationRuleID")
        .selectAll("automationDispatches")
        .select("automationRules.name");
      if (filter.automationRuleID !== undefined)
        select = select.where("automationDispatches.automationRuleID", "=", filter.automationRuleID);
      if (filter.statuses?.length)
        select = select.where("dispatchStatus", "in", filter.statuses as AutomationDispatchRow["dispatchStatus"][]);
      return select
        .orderBy("dateDispatched", "desc")
        .orderBy("automationRuleDispatchUUID", "desc")
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async countDispatches(filter: { automationRuleID?: number; statuses?: string[] }): Promise<number> {
      let select = db.selectFrom("automationDispatches").select((eb) => eb.fn.countAll<number | string>().as("count"));
      if (filter.automationRuleID !== undefined)
        select = select.where("automationRuleID", "=", filter.automationRuleID);
      if (filter.statuses?.length)
        select = select.where("dispatchStatus", "in", filter.statuses as AutomationDispatchRow["dispatchStatus"][]);
      return Number((await select.executeTakeFirstOrThrow()).count);
    },

    dialect,
  };
}

export type AutomationRepo = ReturnType<typeof createAutomationRepo>;
export type AutomationDispatchView = AutomationDispatchRow & { name: string };
