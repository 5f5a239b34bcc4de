import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType } from "../../platform/db/columns.ts";

/**
 * Custom profile fields (issue 29, Vanilla's profile fields): the definitions administrators make, keyed by
 * their API name, and members' values (JSON text), one row per member and field. A definition's values go with
 * it; a member's go with the account.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("profileFields")
    .addColumn("apiName", "varchar(100)", (col) => col.primaryKey())
    .addColumn("label", "varchar(100)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("dataType", "varchar(20)", (col) => col.notNull())
    .addColumn("formType", "varchar(20)", (col) => col.notNull())
    .addColumn("visibility", "varchar(20)", (col) => col.notNull())
    .addColumn("mutability", "varchar(20)", (col) => col.notNull())
    .addColumn("registrationOptions", "varchar(20)", (col) => col.notNull())
    .addColumn("displayOptions", "text", (col) => col.notNull())
    .addColumn("dropdownOptions", "text")
    .addColumn("enabled", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("sort", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("dateUpdated", dateType(dialect))
    .execute();
  await db.schema
    .createTable("userProfileFields")
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("apiName", "varchar(100)", (col) =>
      col.notNull().references("profileFields.apiName").onDelete("cascade"),
    )
    .addColumn("value", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("userProfileFields_pk", ["userID", "apiName"])
    .execute();
  await db.schema.createIndex("userProfileFields_apiName").on("userProfileFields").column("apiName").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("userProfileFields").execute();
  await db.schema.dropTable("profileFields").execute();
}
