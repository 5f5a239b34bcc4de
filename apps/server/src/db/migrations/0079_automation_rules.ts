import type { Kysely } from "kysely";
import { dateType, withId } from "../../platform/db/columns.ts";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * Issue 39, item 5: automation rules. `automationRules` holds each rule (its trigger and action, each a type and
 * a JSON value), its status and when it last ran (`claimedUntil`: the lease of the process running it);
 * `automationDispatches` each run of a rule: who or what started it, its state and counts.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable("automationRules"), "automationRuleID", dialect)
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("status", "varchar(20)", (col) => col.notNull())
    .addColumn("triggerType", "varchar(50)", (col) => col.notNull())
    .addColumn("triggerValue", "text", (col) => col.notNull())
    .addColumn("actionType", "varchar(50)", (col) => col.notNull())
    .addColumn("actionValue", "text", (col) => col.notNull())
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", dateType(dialect))
    .addColumn("dateLastRun", dateType(dialect))
    .addColumn("claimedUntil", dateType(dialect))
    .execute();
  await db.schema
    .createTable("automationDispatches")
    .addColumn("automationRuleDispatchUUID", "varchar(40)", (col) => col.primaryKey())
    .addColumn("automationRuleID", "integer", (col) => col.notNull())
    .addColumn("dispatchType", "varchar(20)", (col) => col.notNull())
    .addColumn("dispatchStatus", "varchar(20)", (col) => col.notNull())
    .addColumn("dispatchUserID", "integer")
    .addColumn("triggerType", "varchar(50)", (col) => col.notNull())
    .addColumn("triggerValue", "text", (col) => col.notNull())
    .addColumn("actionType", "varchar(50)", (col) => col.notNull())
    .addColumn("actionValue", "text", (col) => col.notNull())
    .addColumn("affectedRecordType", "varchar(20)", (col) => col.notNull())
    .addColumn("estimatedRecordCount", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("affectedRecordCount", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("failedRecordCount", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("errorMessage", "varchar(1000)")
    .addColumn("dateDispatched", dateType(dialect), (col) => col.notNull())
    .addColumn("dateFinished", dateType(dialect))
    .execute();
  await db.schema
    .createIndex("automationDispatches_rule")
    .on("automationDispatches")
    .columns(["automationRuleID", "dateDispatched"])
    .execute();
  await db.schema
    .createIndex("automationDispatches_date")
    .on("automationDispatches")
    .columns(["dateDispatched"])
    .execute();
}
