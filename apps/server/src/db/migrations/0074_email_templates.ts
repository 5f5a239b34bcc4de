import type { Kysely } from "kysely";
import { dateType, withId } from "../../platform/db/columns.ts";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * Issue 39: administrators' e-mail templates (Vanilla's dashboard-emailTemplates.yml). A template writes the
 * e-mail of one notification kind (`activityType`; null: a custom template, sent only as a preview) with its
 * subject, body and footer (mustache, checked when saved); the newest active one of a kind is used.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable("emailTemplates"), "emailTemplateID", dialect)
    .addColumn("activityType", "varchar(50)")
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("footer", "text")
    .addColumn("emailLogo", "varchar(500)")
    .addColumn("status", "varchar(20)", (col) => col.notNull().defaultTo("active"))
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("updateUserID", "integer", (col) => col.notNull())
    .addColumn("dateUpdated", dateType(dialect), (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("emailTemplates_kind")
    .on("emailTemplates")
    .columns(["activityType", "status", "dateUpdated"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("emailTemplates").execute();
}
