import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType } from "../../platform/db/columns.ts";

/**
 * Reports of private messages (issue 30): a report keeps what moderators read of the message, who are no
 * participants of its conversation: its rendered, sanitised HTML (`recordHtml`, Vanilla's name) and its date
 * (`recordDateInserted`); the author is `recordUserID` and the conversation `placeRecordID` (place type
 * `conversation`). Posts' reports leave both null.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable("reports").addColumn("recordHtml", "text").execute();
  await db.schema.alterTable("reports").addColumn("recordDateInserted", dateType(dialect)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("reports").dropColumn("recordDateInserted").execute();
  await db.schema.alterTable("reports").dropColumn("recordHtml").execute();
}
