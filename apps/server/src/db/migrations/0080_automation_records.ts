import type { Kysely } from "kysely";
import { dateType } from "../../platform/db/columns.ts";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * Issue 39, item 5: the records each automation rule has acted on, one row each (the primary key is the claim:
 * a record is acted on once per rule, however many processes see its event).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("automationRecords")
    .addColumn("automationRuleID", "integer", (col) => col.notNull())
    .addColumn("recordType", "varchar(20)", (col) => col.notNull())
    .addColumn("recordID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addPrimaryKeyConstraint("automationRecords_pk", ["automationRuleID", "recordType", "recordID"])
    .execute();
}
