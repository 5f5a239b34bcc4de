import type { Kysely } from "kysely";
import { dateType } from "../../platform/db/columns.ts";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * Issue 39: the e-mail digest's deliveries (features/digest). One row per member and digest (its scheduled
 * date), inserted by the runner that claims it: the primary key makes a second runner's insert do nothing, so
 * each member gets each digest once however many processes run the job. `status`: sending, sent, skipped
 * (nothing new to tell, or no address) or failed.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("digestDeliveries")
    .addColumn("userID", "integer", (col) => col.notNull())
    .addColumn("dateScheduled", dateType(dialect), (col) => col.notNull())
    .addColumn("status", "varchar(10)", (col) => col.notNull())
    .addColumn("countDiscussions", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("dateSent", dateType(dialect))
    .addPrimaryKeyConstraint("digestDeliveries_pk", ["userID", "dateScheduled"])
    .execute();
  await db.schema
    .createIndex("digestDeliveries_date")
    .on("digestDeliveries")
    .columns(["dateScheduled", "status"])
    .execute();
}
