import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, flag } from "../../platform/db/columns.ts";

/** The reasons offered until 0015 (they were a fixed list in the code): the seed of the stored ones. */
const seed = [
  { reportReasonID: "spam", name: "Spam", description: "Advertising, scams or repeated junk.", sort: 1 },
  { reportReasonID: "abuse", name: "Abuse", description: "Harassment, threats or hate.", sort: 2 },
  { reportReasonID: "inappropriate", name: "Inappropriate", description: "Content that breaks the rules.", sort: 3 },
  { reportReasonID: "other", name: "Other", description: "Something else: say what in the note.", sort: 4 },
];

/**
 * Report reasons become records managed through `/report-reasons` (vanilla-reports.yml): limited to
 * roles when `roleIDs` lists any, and kept as deleted once a report used them. A report keeps the
 * excerpt of the post it reports (the queue shows it even once the post is gone).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  await db.schema
    .createTable("reportReasons")
    .addColumn("reportReasonID", "varchar(100)", (col) => col.primaryKey())
    .addColumn("name", "varchar(255)", (col) => col.notNull())
    .addColumn("description", "varchar(1000)", (col) => col.notNull())
    .addColumn("sort", "integer", (col) => col.notNull().defaultTo(0))
    // JSON array of role IDs; empty: every role that may report.
    .addColumn("roleIDs", "text", (col) => col.notNull())
    .addColumn("deleted", "integer", flag)
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", date)
    .execute();
  const now = new Date().toISOString();
  await (db as Kysely<{ reportReasons: Record<string, unknown> }>)
    .insertInto("reportReasons")
    .values(seed.map((reason) => ({ ...reason, roleIDs: "[]", deleted: 0, insertUserID: 0, dateInserted: now })))
    .execute();
  await db.schema.alterTable("reports").addColumn("recordExcerpt", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("reports").dropColumn("recordExcerpt").execute();
  await db.schema.dropTable("reportReasons").execute();
}
