import type { Kysely, Selectable } from "kysely";
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
    async insert(row: Omit<AccessTokenRow, "accessTokenID">): Promise<AccessTokenRow> {
      return db.insertInto("accessTokens").values(row).returningAll().executeTakeFirstOrThrow();
    },
    async remove(accessTokenID: number): Promise<void> {
      await db.deleteFrom("accessTokens").where("accessTokenID", "=", accessTokenID).execute();
    },
  };
}

export type TokensRepo = ReturnType<typeof createTokensRepo>;
