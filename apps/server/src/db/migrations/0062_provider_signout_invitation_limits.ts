import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * Two leftovers of issue 34.
 *
 * Sign-out at the provider (OpenID Connect RP-initiated logout): an authenticator's `signOutAtProvider` setting
 * (on by default), and `authenticatorSessions`, the ID token a session was signed in with, kept on the server
 * only for the `id_token_hint` of the provider's end-session address; it goes with its session (cascade). A first
 * sign-in finished on the connect page keeps its ID token with the waiting connection until then.
 *
 * Invitation limits: each role's `invitationsPerMonth` (-1 unlimited, the default, so nothing changes for a site;
 * 0 none), and `invitationMonths`, how many invitations each member sent in each calendar month (UTC), counted up
 * in the invitation's transaction, so revoking or replacing an invitation gives none back.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable("authenticators")
    .addColumn("signOutAtProvider", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable("authenticatorSessions")
    .addColumn("sessionID", "varchar(64)", (col) =>
      col.primaryKey().references("sessions.sessionID").onDelete("cascade"),
    )
    .addColumn("authenticatorID", "integer", (col) =>
      col.notNull().references("authenticators.authenticatorID").onDelete("cascade"),
    )
    .addColumn("idToken", "text", (col) => col.notNull())
    .execute();
  await db.schema.alterTable("authenticatorConnections").addColumn("idToken", "text").execute();

  await db.schema
    .alterTable("roles")
    .addColumn("invitationsPerMonth", "integer", (col) => col.notNull().defaultTo(-1))
    .execute();
  await db.schema
    .createTable("invitationMonths")
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("month", "varchar(7)", (col) => col.notNull())
    .addColumn("countSent", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("invitationMonths_pk", ["userID", "month"])
    .execute();
}
