import type { Kysely } from "kysely";
import { dateType } from "../../platform/db/columns.ts";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * Issue 36: `PUT /moderation-messages/{id}/dismiss`. A member who dismisses a dismissible moderation message no
 * longer sees it; one row per message and member, gone with either (cascade).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("moderationMessageDismissals")
    .addColumn("moderationMessageID", "integer", (col) =>
      col.notNull().references("moderationMessages.moderationMessageID").onDelete("cascade"),
    )
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("dateDismissed", dateType(dialect), (col) => col.notNull())
    .addPrimaryKeyConstraint("moderationMessageDismissals_pk", ["moderationMessageID", "userID"])
    .execute();
}
