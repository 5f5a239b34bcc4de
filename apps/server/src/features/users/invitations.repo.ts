import type { Insertable, Kysely, Selectable } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

export type InvitationRow = Selectable<DB["invitations"]>;

/** Thrown inside an invitation's transaction when the inviter has none left this month: nothing is written. */
export class MonthlyLimitReached extends Error {}

/** The invitations' SQL (migrations 0056, 0062). */
export function createInvitationsRepo(db: Kysely<DB>) {
  return {
    /** The latest 500. */
    list: () => db.selectFrom("invitations").selectAll().orderBy("invitationID", "desc").limit(500).execute(),
    byId: (invitationID: number) =>
      db.selectFrom("invitations").selectAll().where("invitationID", "=", invitationID).executeTakeFirst(),
    byCode: (codeHash: string) =>
      db.selectFrom("invitations").selectAll().where("codeHash", "=", codeHash).executeTakeFirst(),
    async pendingCount(insertUserID: number, now: string): Promise<number> {
      const row = await db
        .selectFrom("invitations")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("insertUserID", "=", insertUserID)
        .where("acceptedUserID", "is", null)
        .where("dateExpires", ">", now)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    /** Invitations the member sent in the month (`YYYY-MM`); revoked and replaced ones count. */
    async sentIn(userID: number, month: string): Promise<number> {
      const row = await db
        .selectFrom("invitationMonths")
        .select("countSent")
        .where("userID", "=", userID)
        .where("month", "=", month)
        .executeTakeFirst();
      return row?.countSent ?? 0;
    },
    /**
     * A new invitation replaces the address's earlier ones not yet accepted (their links stop working). The
     * inviter's count for the month goes up in the same transaction; past `limit` (-1: none) it is rolled back
     * with the invitation ({@link MonthlyLimitReached}). The upsert locks the month's row, so two invitations at
     * once cannot both take the last one.
     */
    async insert(row: Insertable<DB["invitations"]>, month: string, limit: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const counted = await trx
          .insertInto("invitationMonths")
          .values({ userID: row.insertUserID, month, countSent: 1 })
          .onConflict((oc) =>
            oc
              .columns(["userID", "month"])
              .doUpdateSet((eb) => ({ countSent: eb("invitationMonths.countSent", "+", 1) })),
          )
          .returning("countSent")
          .executeTakeFirstOrThrow();
        if (limit >= 0 && counted.countSent > limit) throw new MonthlyLimitReached();
        await trx
          .deleteFrom("invitations")
          .where("email", "=", row.email)
          .where("acceptedUserID", "is", null)
          .execute();
        const inserted = await trx
          .insertInto("invitations")
          .values(row)
          .returning("invitationID")
          .executeTakeFirstOrThrow();
        return inserted.invitationID;
      });
    },
    async remove(invitationID: number): Promise<void> {
      await db.deleteFrom("invitations").where("invitationID", "=", invitationID).execute();
    },
    /** Marks the invitation used by the new account, once: false when it was used (or revoked) meanwhile. */
    async accept(invitationID: number, userID: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable("invitations")
        .set({ acceptedUserID: userID, dateAccepted: now })
        .where("invitationID", "=", invitationID)
        .where("acceptedUserID", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type InvitationsRepo = ReturnType<typeof createInvitationsRepo>;
