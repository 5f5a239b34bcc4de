import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

export type AuthenticatorRow = Selectable<DB["authenticators"]>;
export type ConnectionRow = Selectable<DB["authenticatorConnections"]>;
export type StateRow = Selectable<DB["authenticatorStates"]>;

/** The only file with the authenticators feature's SQL: its six tables. */
export function createAuthenticatorsRepo(db: Kysely<DB>) {
  return {
    list: (types?: string[]) => {
      let query = db.selectFrom("authenticators").selectAll();
      if (types?.length) query = query.where("type", "in", types);
      return query.orderBy("authenticatorID").execute();
    },
    byId: (authenticatorID: number) =>
      db.selectFrom("authenticators").selectAll().where("authenticatorID", "=", authenticatorID).executeTakeFirst(),
    /** The active OAuth 2 authenticator with this client ID (the first, should two share one). */
    activeOAuth2ByClientID: (clientID: string) =>
      db
        .selectFrom("authenticators")
        .selectAll()
        .where("type", "=", "oauth2")
        .where("active", "=", 1)
        .where("clientID", "=", clientID)
        .orderBy("authenticatorID")
        .executeTakeFirst(),
    async count(): Promise<number> {
      const row = await db
        .selectFrom("authenticators")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async insert(row: Insertable<DB["authenticators"]>): Promise<number> {
      const inserted = await db
        .insertInto("authenticators")
        .values(row)
        .returning("authenticatorID")
        .executeTakeFirstOrThrow();
      return inserted.authenticatorID;
    },
    async update(authenticatorID: number, changes: Updateable<DB["authenticators"]>): Promise<void> {
      await db.updateTable("authenticators").set(changes).where("authenticatorID", "=", authenticatorID).execute();
    },
    /** Only one authenticator is the default. */
    async clearDefault(): Promise<void> {
      await db.updateTable("authenticators").set({ isDefault: 0 }).where("isDefault", "=", 1).execute();
    },
    /** The authenticator, its links to members and its sign-ins under way. */
    async remove(authenticatorID: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("userAuthentications").where("authenticatorID", "=", authenticatorID).execute();
        await trx.deleteFrom("authenticatorStates").where("authenticatorID", "=", authenticatorID).execute();
        await trx.deleteFrom("authenticatorConnections").where("authenticatorID", "=", authenticatorID).execute();
        await trx.deleteFrom("authenticatorJwtUses").where("authenticatorID", "=", authenticatorID).execute();
        await trx.deleteFrom("authenticatorSessions").where("authenticatorID", "=", authenticatorID).execute();
        await trx.deleteFrom("authenticators").where("authenticatorID", "=", authenticatorID).execute();
      });
    },

    async insertState(row: StateRow): Promise<void> {
      await db.insertInto("authenticatorStates").values(row).execute();
    },
    /** The sign-in's state, taken once: a second callback with it finds nothing. */
    async takeState(stateHash: string): Promise<StateRow | undefined> {
      const row = await db
        .deleteFrom("authenticatorStates")
        .where("stateHash", "=", stateHash)
        .returningAll()
        .executeTakeFirst();
      return row;
    },
    async forgetExpiredStates(now: string): Promise<void> {
      await db.deleteFrom("authenticatorStates").where("dateExpires", "<=", now).execute();
      await db.deleteFrom("authenticatorConnections").where("dateExpires", "<=", now).execute();
    },

    /**
     * A JWT's use, recorded once: false when the token (its `jti`'s hash, or its own) was already used. The
     * primary key decides, so two processes given the same token at once cannot both accept it.
     */
    async useToken(tokenHash: string, authenticatorID: number, dateExpires: string, now: string): Promise<boolean> {
      await db.deleteFrom("authenticatorJwtUses").where("dateExpires", "<=", now).execute();
      const result = await db
        .insertInto("authenticatorJwtUses")
        .values({ tokenHash, authenticatorID, dateExpires })
        .onConflict((oc) => oc.column("tokenHash").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async linkedUser(authenticatorID: number, subject: string): Promise<number | undefined> {
      const row = await db
        .selectFrom("userAuthentications")
        .select("userID")
        .where("authenticatorID", "=", authenticatorID)
        .where("subject", "=", subject)
        .executeTakeFirst();
      return row?.userID;
    },
    async link(authenticatorID: number, subject: string, userID: number, now: string): Promise<void> {
      await db
        .insertInto("userAuthentications")
        .values({ authenticatorID, subject, userID, dateInserted: now })
        .execute();
    },

    async insertConnection(row: ConnectionRow): Promise<void> {
      await db.insertInto("authenticatorConnections").values(row).execute();
    },
    connection: (tokenHash: string) =>
      db.selectFrom("authenticatorConnections").selectAll().where("tokenHash", "=", tokenHash).executeTakeFirst(),
    /** The ID token a session was signed in with (it goes with the session: the foreign key cascades). */
    async rememberSessionToken(sessionID: string, authenticatorID: number, idToken: string): Promise<void> {
      await db.insertInto("authenticatorSessions").values({ sessionID, authenticatorID, idToken }).execute();
    },
    sessionToken: (sessionID: string) =>
      db.selectFrom("authenticatorSessions").selectAll().where("sessionID", "=", sessionID).executeTakeFirst(),
    async removeConnection(tokenHash: string): Promise<void> {
      await db.deleteFrom("authenticatorConnections").where("tokenHash", "=", tokenHash).execute();
    },
  };
}

export type AuthenticatorsRepo = ReturnType<typeof createAuthenticatorsRepo>;
