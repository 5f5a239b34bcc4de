import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType } from "../../platform/db/columns.ts";

/**
 * Members a member ignores (issue 29, Vanilla's `ignore` add-on): their posts collapse for the member, they
 * cannot start a private conversation with them, and their mentions do not notify them. The key serves
 * the member's own list; `ignoredUsers_ignored` finds who ignores a member (a mention, a conversation).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("ignoredUsers")
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("ignoredUserID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("dateIgnored", dateType(dialect), (col) => col.notNull())
    .addPrimaryKeyConstraint("ignoredUsers_pk", ["userID", "ignoredUserID"])
    .execute();
  await db.schema.createIndex("ignoredUsers_ignored").on("ignoredUsers").column("ignoredUserID").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ignoredUsers").execute();
}
