import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, withId } from "../../platform/db/columns.ts";

/**
 * Drafts (spec §3, reference §10): a member's unposted discussion or comment, its attributes as JSON,
 * and for scheduled drafts the time to publish and the claim a process holds while publishing it.
 * Moderators and administrators get `schedule.allow` (Vanilla gives Garden.Schedule.Allow to staff).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  await withId(db.schema.createTable("drafts"), "draftID", dialect)
    .addColumn("recordType", "varchar(20)", (col) => col.notNull())
    .addColumn("recordID", "integer")
    .addColumn("parentRecordType", "varchar(20)")
    .addColumn("parentRecordID", "integer")
    // JSON: body, format, draftType, draftMeta, lastSaved, …
    .addColumn("attributes", "text", (col) => col.notNull())
    .addColumn("insertUserID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("updateUserID", "integer")
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("dateUpdated", date)
    // 0 draft, 1 scheduled, 2 error
    .addColumn("draftStatus", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("dateScheduled", date)
    .addColumn("failedReason", "varchar(500)")
    // A process publishing this scheduled draft holds it until then (another may retry after a crash).
    .addColumn("claimedUntil", date)
    .execute();
  await db.schema.createIndex("drafts_user").on("drafts").columns(["insertUserID", "dateUpdated"]).execute();
  await db.schema.createIndex("drafts_due").on("drafts").columns(["draftStatus", "dateScheduled"]).execute();

  await sql`insert into "rolePermissions" ("roleID", "junctionType", "junctionID", "permission")
    select "roleID", '', 0, 'schedule.allow' from "roles" where "type" in ('moderator', 'administrator')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from "rolePermissions" where "permission" = 'schedule.allow'`.execute(db);
  await db.schema.dropTable("drafts").execute();
}
