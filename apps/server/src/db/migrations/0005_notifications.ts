import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, flag, withId } from "../../platform/db/columns.ts";

/**
 * Notifications, per-member notification preferences, and the live-event log the SSE stream
 * replays from after a reconnect (`Last-Event-ID`).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  await withId(db.schema.createTable("notifications"), "notificationID", dialect)
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("activityType", "varchar(50)", (col) => col.notNull())
    .addColumn("recordType", "varchar(32)", (col) => col.notNull())
    .addColumn("recordID", "integer", (col) => col.notNull())
    .addColumn("discussionID", "integer")
    .addColumn("actorUserID", "integer", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("url", "varchar(500)", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull().defaultTo(1))
    // Shown in the notifications menu (the member's `Popup.*` preference); hidden rows only carry mail.
    .addColumn("popup", "integer", flag)
    .addColumn("read", "integer", flag)
    // none | pending | sending | sent | skipped (the recipient may no longer view it)
    .addColumn("emailStatus", "varchar(10)", (col) => col.notNull().defaultTo("none"))
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("dateUpdated", date, (col) => col.notNull())
    .execute();
  // One notification per member, reason and record: an event delivered twice never makes two.
  await db.schema
    .createIndex("notifications_unique")
    .on("notifications")
    .unique()
    .columns(["userID", "activityType", "recordType", "recordID"])
    .execute();
  await db.schema
    .createIndex("notifications_user_list")
    .on("notifications")
    .columns(["userID", "popup", "dateUpdated"])
    .execute();
  await db.schema
    .createIndex("notifications_user_unread")
    .on("notifications")
    .columns(["userID", "read", "popup"])
    .execute();
  await db.schema.createIndex("notifications_email").on("notifications").column("emailStatus").execute();

  await db.schema
    .createTable("notificationPreferences")
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("preference", "varchar(100)", (col) => col.notNull())
    .addColumn("value", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("notificationPreferences_pk", ["userID", "preference"])
    .execute();

  await withId(db.schema.createTable("liveEvents"), "eventID", dialect)
    // `user:<userID>` or `discussion:<discussionID>`.
    .addColumn("channel", "varchar(64)", (col) => col.notNull())
    .addColumn("type", "varchar(32)", (col) => col.notNull())
    .addColumn("data", "text", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("liveEvents_channel").on("liveEvents").columns(["channel", "eventID"]).execute();
  await db.schema.createIndex("liveEvents_date").on("liveEvents").column("dateInserted").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("liveEvents").execute();
  await db.schema.dropTable("notificationPreferences").execute();
  await db.schema.dropTable("notifications").execute();
}
