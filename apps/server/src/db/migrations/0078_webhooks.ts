import type { Kysely } from "kysely";
import { dateType, withId } from "../../platform/db/columns.ts";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * Issue 39, item 4: webhooks. `webhooks` holds each registered address with its events (JSON list), its signing
 * secret and its health (consecutive failed deliveries, when and why it was disabled); `webhookDeliveries` each
 * event sent or to send to one webhook: the exact body signed, its state, attempts, the last answer, and when
 * the job tries next (`claimedUntil`: the lease of the process sending it).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable("webhooks"), "webhookID", dialect)
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("url", "varchar(500)", (col) => col.notNull())
    .addColumn("events", "text", (col) => col.notNull())
    .addColumn("secret", "varchar(200)", (col) => col.notNull())
    .addColumn("status", "varchar(20)", (col) => col.notNull())
    .addColumn("failureCount", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", dateType(dialect))
    .addColumn("dateDisabled", dateType(dialect))
    .addColumn("disabledReason", "varchar(500)")
    .execute();
  await db.schema
    .createTable("webhookDeliveries")
    .addColumn("deliveryID", "varchar(40)", (col) => col.primaryKey())
    .addColumn("webhookID", "integer", (col) => col.notNull())
    .addColumn("event", "varchar(40)", (col) => col.notNull())
    .addColumn("recordType", "varchar(20)")
    .addColumn("recordID", "integer")
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("status", "varchar(20)", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("responseCode", "integer")
    .addColumn("responseTimeMs", "integer")
    .addColumn("responseBody", "text")
    .addColumn("error", "varchar(500)")
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("dateLastAttempt", dateType(dialect))
    .addColumn("dateNextAttempt", dateType(dialect))
    .addColumn("claimedUntil", dateType(dialect))
    .execute();
  await db.schema
    .createIndex("webhookDeliveries_webhook")
    .on("webhookDeliveries")
    .columns(["webhookID", "dateInserted"])
    .execute();
  await db.schema
    .createIndex("webhookDeliveries_due")
    .on("webhookDeliveries")
    .columns(["status", "dateNextAttempt"])
    .execute();
}
