import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, withId } from "../../platform/db/columns.ts";

/**
 * Two-factor sign-in for local accounts (issue 34, item 5): each member's authenticator key (`userTwoFactor`: kept
 * as the key itself, as an authenticator's client secret is, since the server computes codes from it; never
 * answered once confirmed), when it was confirmed (null while the setup waits for its first code), the last time
 * step a code was accepted for (a code is refused at or before it: no replay), and the key remembered devices'
 * cookies are signed with beside the site's (a new one forgets every remembered device). And the recovery codes
 * (`userRecoveryCodes`), stored as their hashes only, each used once.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("userTwoFactor")
    .addColumn("userID", "integer", (col) => col.primaryKey())
    .addColumn("secret", "varchar(64)", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("dateEnabled", dateType(dialect))
    .addColumn("lastStep", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("deviceKey", "varchar(64)", (col) => col.notNull())
    .execute();
  await withId(db.schema.createTable("userRecoveryCodes"), "recoveryCodeID", dialect)
    .addColumn("userID", "integer", (col) => col.notNull())
    .addColumn("codeHash", "varchar(64)", (col) => col.notNull())
    .addColumn("dateUsed", dateType(dialect))
    .execute();
  await db.schema.createIndex("userRecoveryCodes_user").on("userRecoveryCodes").column("userID").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("userRecoveryCodes").execute();
  await db.schema.dropTable("userTwoFactor").execute();
}
