import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType } from "../../platform/db/columns.ts";

/**
 * A ban's details (issue 28): why (`banReason`, shown to the moderators), since when and by whom, and when it
 * ends on its own (`dateBanExpires`; null: until lifted). Cleared when the member is unbanned.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  await db.schema.alterTable("users").addColumn("banReason", "text").execute();
  await db.schema.alterTable("users").addColumn("dateBanned", date).execute();
  await db.schema.alterTable("users").addColumn("dateBanExpires", date).execute();
  await db.schema.alterTable("users").addColumn("banInsertUserID", "integer").execute();
  // The job that lifts ended bans looks for banned members with an end date.
  await db.schema.createIndex("users_ban_expires").on("users").column("dateBanExpires").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("users_ban_expires").execute();
  for (const column of ["banInsertUserID", "dateBanExpires", "dateBanned", "banReason"])
    await db.schema.alterTable("users").dropColumn(column).execute();
}
