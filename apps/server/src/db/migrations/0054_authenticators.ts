import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, flag, withId } from "../../platform/db/columns.ts";

/**
 * Sign-in through another site (issue 34): the authenticators (OpenID Connect providers) an administrator
 * configures; which provider account is which member (`userAuthentications`, Vanilla's UserAuthentication);
 * the sign-ins under way at a provider (`authenticatorStates`: the state's hash, single use, with the PKCE
 * verifier and the nonce); and the first sign-ins waiting on the connect page for a name or a password
 * (`authenticatorConnections`).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable("authenticators"), "authenticatorID", dialect)
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("type", "varchar(20)", (col) => col.notNull())
    .addColumn("clientID", "varchar(255)", (col) => col.notNull())
    .addColumn("secret", "text", (col) => col.notNull())
    .addColumn("issuer", "text", (col) => col.notNull())
    .addColumn("scope", "text", (col) => col.notNull())
    .addColumn("buttonLabel", "varchar(100)", (col) => col.notNull().defaultTo(""))
    .addColumn("isDefault", "integer", flag)
    .addColumn("active", "integer", flag)
    .addColumn("visible", "integer", flag)
    .addColumn("markVerified", "integer", flag)
    .addColumn("userMappings", "text", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("dateUpdated", dateType(dialect))
    .execute();
  await db.schema
    .createTable("userAuthentications")
    .addColumn("authenticatorID", "integer", (col) => col.notNull())
    .addColumn("subject", "varchar(255)", (col) => col.notNull())
    .addColumn("userID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addPrimaryKeyConstraint("userAuthentications_pk", ["authenticatorID", "subject"])
    .execute();
  await db.schema.createIndex("userAuthentications_user").on("userAuthentications").column("userID").execute();
  await db.schema
    .createTable("authenticatorStates")
    .addColumn("stateHash", "varchar(64)", (col) => col.primaryKey())
    .addColumn("authenticatorID", "integer", (col) => col.notNull())
    .addColumn("browserHash", "varchar(64)", (col) => col.notNull())
    .addColumn("codeVerifier", "varchar(128)", (col) => col.notNull())
    .addColumn("nonce", "varchar(64)", (col) => col.notNull())
    .addColumn("target", "text", (col) => col.notNull())
    .addColumn("dateExpires", dateType(dialect), (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("authenticatorConnections")
    .addColumn("tokenHash", "varchar(64)", (col) => col.primaryKey())
    .addColumn("authenticatorID", "integer", (col) => col.notNull())
    .addColumn("subject", "varchar(255)", (col) => col.notNull())
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("email", "varchar(200)", (col) => col.notNull())
    .addColumn("emailVerified", "integer", flag)
    .addColumn("photoUrl", "text")
    .addColumn("roles", "text", (col) => col.notNull())
    .addColumn("target", "text", (col) => col.notNull())
    .addColumn("dateExpires", dateType(dialect), (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["authenticatorConnections", "authenticatorStates", "userAuthentications", "authenticators"])
    await db.schema.dropTable(table).execute();
}
