import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { counter, dateType, withId } from "../../platform/db/columns.ts";

/**
 * Bans by rule (issue 30, Vanilla's GDN_Ban): `bans` holds each rule's type (`ipAddress`, `email`, `name`), its
 * value as stored after checking (an address or CIDR range in canonical form, a lower-case domain or pattern),
 * notes, and two counts: the members it matched when saved and the registrations it refused. The IP addresses
 * panel looks up who else used an address: discussions, comments and members by address get an index.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable("bans"), "banID", dialect)
    .addColumn("banType", "varchar(20)", (col) => col.notNull())
    .addColumn("banValue", "varchar(100)", (col) => col.notNull())
    .addColumn("notes", "varchar(500)")
    .addColumn("countUsers", "integer", counter)
    .addColumn("countBlockedRegistrations", "integer", counter)
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("insertIPAddress", "varchar(64)")
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", dateType(dialect))
    .addUniqueConstraint("bans_type_value", ["banType", "banValue"])
    .execute();
  await db.schema.createIndex("discussions_insertIPAddress").on("discussions").column("insertIPAddress").execute();
  await db.schema.createIndex("comments_insertIPAddress").on("comments").column("insertIPAddress").execute();
  await db.schema.createIndex("users_insertIPAddress").on("users").column("insertIPAddress").execute();
  await db.schema.createIndex("users_lastIPAddress").on("users").column("lastIPAddress").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    "users_lastIPAddress",
    "users_insertIPAddress",
    "comments_insertIPAddress",
    "discussions_insertIPAddress",
  ])
    await db.schema.dropIndex(index).execute();
  await db.schema.dropTable("bans").execute();
}
