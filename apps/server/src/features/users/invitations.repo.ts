import type { Insertable, Kysely, Selectable } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

export type InvitationRow = Selectable<DB["invitations"]>;

/** The invitations' SQL (migration 0056). */
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
    /** A new invitation replaces the address's earlier ones not yet accepted (their links stop working). */
    async insert(row: Insertable<DB["invitations"]>): Promise<number> {
      return db.transaction().execute(async (trx) => {
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
