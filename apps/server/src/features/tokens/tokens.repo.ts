import type { Kysely, Selectable } from "kysely";
import { createAuthRepo } from "../../platform/auth/auth.repo.ts";
import type { AccessTokensTable, DB } from "../../platform/db/schema.ts";

export type AccessTokenRow = Selectable<AccessTokensTable>;

export function createTokensRepo(db: Kysely<DB>) {
  return {
    async listOf(userID: number): Promise<AccessTokenRow[]> {
      return db
        .selectFrom("accessTokens")
        .selectAll()
        .where("userID", "=", userID)
        .orderBy("accessTokenID", "desc")
        .execute();
    },
    async findById(accessTokenID: number): Promise<AccessTokenRow | undefined> {
      return db.selectFrom("accessTokens").selectAll().where("accessTokenID", "=", accessTokenID).executeTakeFirst();
    },
    // Access tokens are the authentication platform's rows: it writes them.
    insert: (row: Omit<AccessTokenRow, "accessTokenID">) => createAuthRepo(db).insertAccessToken(row),
    remove: (accessTokenID: number) => createAuthRepo(db).deleteAccessToken(accessTokenID),
  };
}

export type TokensRepo = ReturnType<typeof createTokensRepo>;
