import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** Two-factor sign-in's SQL (migration 0058): members' authenticator keys and their recovery codes' hashes. */
export function createTwoFactorRepo(db: Kysely<DB>) {
  return {
    of: (userID: number) => db.selectFrom("userTwoFactor").selectAll().where("userID", "=", userID).executeTakeFirst(),

    /** Whether each of these members has two-factor on (one query for a page of users). */
    async enabledAmong(userIDs: number[]): Promise<Set<number>> {
      if (userIDs.length === 0) return new Set();
      const rows = await db
        .selectFrom("userTwoFactor")
        .select("userID")
        .where("userID", "in", userIDs)
        .where("dateEnabled", "is not", null)
        .execute();
      return new Set(rows.map((row) => row.userID));
    },

    /** A new key waiting for its first code (replacing one that waited). */
    async startSetup(userID: number, secret: string, deviceKey: string, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("userTwoFactor").where("userID", "=", userID).where("dateEnabled", "is", null).execute();
        await trx
          .insertInto("userTwoFactor")
          .values({ userID, secret, deviceKey, dateInserted: now, dateEnabled: null, lastStep: 0 })
          .execute();
      });
    },

    /**
     * Accepts a code's time step once: true when it was later than the last one accepted (the update's condition,
     * so two requests with the same code cannot both pass).
     */
    async acceptStep(userID: number, step: number): Promise<boolean> {
      const result = await db
        .updateTable("userTwoFactor")
        .set({ lastStep: step })
        .where("userID", "=", userID)
        .where("lastStep", "<", step)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Two-factor turns on with its first recovery codes, in one transaction. */
    async enable(userID: number, step: number, codeHashes: string[], now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("userTwoFactor")
          .set({ dateEnabled: now, lastStep: step })
          .where("userID", "=", userID)
          .where("dateEnabled", "is", null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx.deleteFrom("userRecoveryCodes").where("userID", "=", userID).execute();
        await trx
          .insertInto("userRecoveryCodes")
          .values(codeHashes.map((codeHash) => ({ userID, codeHash, dateUsed: null })))
          .execute();
        return true;
      });
    },

    /** New recovery codes replace the old ones, and a new device key forgets every remembered device. */
    async replaceRecoveryCodes(userID: number, codeHashes: string[], deviceKey: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("userRecoveryCodes").where("userID", "=", userID).execute();
        await trx
          .insertInto("userRecoveryCodes")
          .values(codeHashes.map((codeHash) => ({ userID, codeHash, dateUsed: null })))
          .execute();
        await trx.updateTable("userTwoFactor").set({ deviceKey }).where("userID", "=", userID).execute();
      });
    },

    async recoveryCodesLeft(userID: number): Promise<number> {
      const row = await db
        .selectFrom("userRecoveryCodes")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("userID", "=", userID)
        .where("dateUsed", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Uses a recovery code: true once, the first time (the update's condition decides between two requests). */
    async useRecoveryCode(userID: number, codeHash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("userRecoveryCodes")
        .set({ dateUsed: now })
        .where("userID", "=", userID)
        .where("codeHash", "=", codeHash)
        .where("dateUsed", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) >= 1;
    },

    /** Two-factor off: the key and the recovery codes go (remembered devices with the key). */
    async remove(userID: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom("userRecoveryCodes").where("userID", "=", userID).execute();
        const result = await trx.deleteFrom("userTwoFactor").where("userID", "=", userID).executeTakeFirst();
        return Number(result.numDeletedRows) === 1;
      });
    },
  };
}

export type TwoFactorRepo = ReturnType<typeof createTwoFactorRepo>;
