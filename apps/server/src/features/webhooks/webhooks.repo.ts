import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import type { DB, WebhookDeliveriesTable, WebhooksTable } from "../../platform/db/schema.ts";

export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

/** The only file with the webhooks' SQL (migration 0078): the webhooks and their deliveries. */
export function createWebhooksRepo(db: Kysely<DB>, dialect: DialectName) {
  return {
    withTransaction: (trx: Kysely<DB>) => createWebhooksRepo(trx, dialect),

    /** A user's row (the system account's, read to act as it). */
    user: (userID: number) => db.selectFrom("users").selectAll().where("userID", "=", userID).executeTakeFirstOrThrow(),

    list: () => db.selectFrom("webhooks").selectAll().orderBy("webhookID").execute(),

    find: (webhookID: number) =>
      db.selectFrom("webhooks").selectAll().where("webhookID", "=", webhookID).executeTakeFirst(),

    /** The active webhooks (each event is matched against their lists). */
    active: () => db.selectFrom("webhooks").selectAll().where("status", "=", "active").execute(),

    async insert(row: Insertable<WebhooksTable>): Promise<number> {
      const inserted = await db.insertInto("webhooks").values(row).returning("webhookID").executeTakeFirstOrThrow();
      return inserted.webhookID;
    },

    update: (webhookID: number, changes: Updateable<WebhooksTable>) =>
      db.updateTable("webhooks").set(changes).where("webhookID", "=", webhookID).execute(),

    /** Deletes the finished deliveries (delivered or given up) inserted before `before`; how many. */
    async pruneDeliveries(before: string): Promise<number> {
      const result = await db
        .deleteFrom("webhookDeliveries")
        .where("status", "in", ["delivered", "failed"])
        .where("dateInserted", "<", before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async remove(webhookID: number): Promise<void> {
      await db.deleteFrom("webhookDeliveries").where("webhookID", "=", webhookID).execute();
      await db.deleteFrom("webhooks").where("webhookID", "=", webhookID).execute();
    },

    /** One more delivery given up: the count of consecutive ones, after the increment. */
    async countFailure(webhookID: number): Promise<number> {
      await db
        .updateTable("webhooks")
        .set((eb) => ({ failureCount: eb("failureCount", "+", 1) }))
        .where("webhookID", "=", webhookID)
        .execute();
      const row = await db
        .selectFrom("webhooks")
        .select("failureCount")
        .where("webhookID", "=", webhookID)
        .executeTakeFirst();
      return row?.failureCount ?? 0;
    },

    /** Disables an active webhook; false when it was not active (another process did it first). */
    async disable(webhookID: number, reason: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("webhooks")
        .set({ status: "disabled", dateDisabled: now, disabledReason: reason })
        .where("webhookID", "=", webhookID)
        .where("status", "=", "active")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    insertDeliveries: (rows: Insertable<WebhookDeliveriesTable>[]) =>
      rows.length ? db.insertInto("webhookDeliveries").values(rows).execute() : Promise.resolve([]),

    findDelivery: (webhookID: number, deliveryID: string) =>
      db
        .selectFrom("webhookDeliveries")
        .selectAll()
        .where("webhookID", "=", webhookID)
        .where("deliveryID", "=", deliveryID)
        .executeTakeFirst(),

    /** A webhook's deliveries, newest first. */
    deliveries: (webhookID: number, offset: number, limit: number) =>
      db
        .selectFrom("webhookDeliveries")
        .selectAll()
        .where("webhookID", "=", webhookID)
        .orderBy("dateInserted", "desc")
        .orderBy("deliveryID", "desc")
        .offset(offset)
        .limit(limit)
        .execute(),

    async countDeliveries(webhookID: number): Promise<number> {
      const row = await db
        .selectFrom("webhookDeliveries")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("webhookID", "=", webhookID)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * Claims deliveries due now that nobody holds (or whose holder's lease ran out), holding them until
     * `leaseUntil`: on PostgreSQL the candidates are locked `FOR UPDATE SKIP LOCKED`, so two processes claiming at
     * once take different rows; on SQLite the one UPDATE runs alone (writers are serialised).
     */
    claimDue(now: string, leaseUntil: string, limit: number): Promise<WebhookDeliveryRow[]> {
      const due = db
        .selectFrom("webhookDeliveries")
        .select("deliveryID")
        .where("status", "in", ["pending", "retrying"])
        .where("dateNextAttempt", "<=", now)
        .where((eb) => eb.or([eb("claimedUntil", "is", null), eb("claimedUntil", "<", now)]))
        .orderBy("dateNextAttempt")
        .limit(limit);
      return db
        .updateTable("webhookDeliveries")
        .set({ claimedUntil: leaseUntil })
        .where("deliveryID", "in", dialect === "postgres" ? due.forUpdate().skipLocked() : due)
        .where("status", "in", ["pending", "retrying"])
        .where((eb) => eb.or([eb("claimedUntil", "is", null), eb("claimedUntil", "<", now)]))
        .returningAll()
        .execute();
    },

    /** Records an attempt's outcome if this claim still holds the delivery; false when it lost it. */
    async finishAttempt(
      deliveryID: string,
      leaseUntil: string,
      changes: Updateable<WebhookDeliveriesTable>,
    ): Promise<boolean> {
      const result = await db
        .updateTable("webhookDeliveries")
        .set({ ...changes, claimedUntil: null })
        .where("deliveryID", "=", deliveryID)
        .where("claimedUntil", "=", leaseUntil)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
