import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, withId } from "../../platform/db/columns.ts";

/**
 * JWT SSO (issue 34): a `jwt` authenticator's signing algorithm (HS256 with the secret it keeps, or RS256 with
 * the host site's keys at `jwksUrl`), and the tokens already used (`authenticatorJwtUses`: the hash of a token's
 * `jti`, or of the token itself without one, kept until the token could no longer be accepted anyway), so each
 * token signs in once, whichever process receives it. And invitations (issue 34, part 4): the addresses
 * invited to register while the registration method is `invitation`, each with its code's hash, who invited
 * it, until when, and the account it made.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable("authenticators")
    .addColumn("signingAlgorithm", "varchar(10)", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("authenticators")
    .addColumn("jwksUrl", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createTable("authenticatorJwtUses")
    .addColumn("tokenHash", "varchar(64)", (col) => col.primaryKey())
    .addColumn("authenticatorID", "integer", (col) => col.notNull())
    .addColumn("dateExpires", dateType(dialect), (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("authenticatorJwtUses_expires")
    .on("authenticatorJwtUses")
    .column("dateExpires")
    .execute();
  await withId(db.schema.createTable("invitations"), "invitationID", dialect)
    .addColumn("email", "varchar(200)", (col) => col.notNull())
    .addColumn("codeHash", "varchar(64)", (col) => col.notNull().unique())
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("dateExpires", dateType(dialect), (col) => col.notNull())
    .addColumn("acceptedUserID", "integer")
    .addColumn("dateAccepted", dateType(dialect))
    .execute();
  await db.schema.createIndex("invitations_email").on("invitations").column("email").execute();
  await db.schema.createIndex("invitations_inserter").on("invitations").column("insertUserID").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("invitations").execute();
  await db.schema.dropTable("authenticatorJwtUses").execute();
  await db.schema.alterTable("authenticators").dropColumn("jwksUrl").execute();
  await db.schema.alterTable("authenticators").dropColumn("signingAlgorithm").execute();
}
