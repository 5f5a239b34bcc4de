import type { Insertable, Kysely, Updateable } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import { warningRules } from "@parley/contracts";

/** The only file with the warnings feature's SQL: `warnings`, `userNotes` and `moderationMessages`, which it owns. */
export function createWarningsRepo(db: Kysely<DB>) {
  return {
    withTransaction: (trx: Kysely<DB>) => createWarningsRepo(trx),

    memberExists: async (userID: number) =>
      (await db
        .selectFrom("users")
        .select("userID")
        .where("userID", "=", userID)
        .where("deleted", "=", 0)
        .executeTakeFirst()) !== undefined,

    memberName: async (userID: number) =>
      (await db.selectFrom("users").select("name").where("userID", "=", userID).executeTakeFirst())?.name ?? null,

    warnings: (userID: number) =>
      db
        .selectFrom("warnings")
        .selectAll()
        .where("userID", "=", userID)
        .orderBy("dateInserted", "desc")
        .orderBy("warningID", "desc")
        .limit(warningRules.listLimit)
        .execute(),

    warningById: (warningID: number) =>
      db.selectFrom("warnings").selectAll().where("warningID", "=", warningID).executeTakeFirst(),

    async insertWarning(row: Insertable<DB["warnings"]>): Promise<number> {
      const inserted = await db.insertInto("warnings").values(row).returning("warningID").executeTakeFirstOrThrow();
      return inserted.warningID;
    },

    async updateWarning(warningID: number, values: Updateable<DB["warnings"]>): Promise<void> {
      await db.updateTable("warnings").set(values).where("warningID", "=", warningID).execute();
    },

    /** Points of the member's warnings that count at `now`: not reversed, not expired. */
    async activePoints(userID: number, now: string): Promise<number> {
      const row = await db
        .selectFrom("warnings")
        .select((eb) => eb.fn.sum<number | string | null>("points").as("points"))
        .where("userID", "=", userID)
        .where("dateReversed", "is", null)
        .where((eb) => eb.or([eb("dateExpires", "is", null), eb("dateExpires", ">", now)]))
        .executeTakeFirst();
      return Number(row?.points ?? 0);
    },

    /** The latest end of a read-only time that is not over at `now` (its warning not reversed), or null. */
    async readOnlyUntil(userID: number, now: string): Promise<string | Date | null> {
      const row = await db
        .selectFrom("warnings")
        .select((eb) => eb.fn.max("readOnlyUntil").as("until"))
        .where("userID", "=", userID)
        .where("dateReversed", "is", null)
        .where("readOnlyUntil", ">", now)
        .executeTakeFirst();
      return (row?.until as string | Date | null | undefined) ?? null;
    },

    notes: (userID: number) =>
      db
        .selectFrom("userNotes")
        .selectAll()
        .where("userID", "=", userID)
        .orderBy("dateInserted", "desc")
        .orderBy("userNoteID", "desc")
        .limit(warningRules.listLimit)
        .execute(),

    noteById: (userNoteID: number) =>
      db.selectFrom("userNotes").selectAll().where("userNoteID", "=", userNoteID).executeTakeFirst(),

    async insertNote(row: Insertable<DB["userNotes"]>): Promise<number> {
      const inserted = await db.insertInto("userNotes").values(row).returning("userNoteID").executeTakeFirstOrThrow();
      return inserted.userNoteID;
    },

    async deleteNote(userNoteID: number): Promise<void> {
      await db.deleteFrom("userNotes").where("userNoteID", "=", userNoteID).execute();
    },

    messages: (filter: {
      isEnabled?: boolean;
      type?: string;
      layoutViewType?: string;
      recordType?: string;
      recordID?: number;
    }) => {
      let query = db.selectFrom("moderationMessages").selectAll();
      if (filter.isEnabled !== undefined) query = query.where("isEnabled", "=", filter.isEnabled ? 1 : 0);
      if (filter.type) query = query.where("type", "=", filter.type);
      if (filter.layoutViewType) query = query.where("layoutViewType", "=", filter.layoutViewType);
      if (filter.recordType) query = query.where("recordType", "=", filter.recordType);
      if (filter.recordID) query = query.where("recordID", "=", filter.recordID);
      return query.orderBy("sort").orderBy("moderationMessageID").execute();
    },

    messageById: (moderationMessageID: number) =>
      db
        .selectFrom("moderationMessages")
        .selectAll()
        .where("moderationMessageID", "=", moderationMessageID)
        .executeTakeFirst(),

    async countMessages(): Promise<number> {
      const row = await db
        .selectFrom("moderationMessages")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async insertMessage(row: Insertable<DB["moderationMessages"]>): Promise<number> {
      const inserted = await db
        .insertInto("moderationMessages")
        .values(row)
        .returning("moderationMessageID")
        .executeTakeFirstOrThrow();
      return inserted.moderationMessageID;
    },

    async updateMessage(moderationMessageID: number, values: Updateable<DB["moderationMessages"]>): Promise<void> {
      await db
        .updateTable("moderationMessages")
        .set(values)
        .where("moderationMessageID", "=", moderationMessageID)
        .execute();
    },

    /** Records a member's dismissal of a message (once; dismissing again changes nothing). */
    async dismissMessage(moderationMessageID: number, userID: number, dateDismissed: string): Promise<void> {
      await db
        .insertInto("moderationMessageDismissals")
        .values({ moderationMessageID, userID, dateDismissed })
        .onConflict((oc) => oc.columns(["moderationMessageID", "userID"]).doNothing())
        .execute();
    },

    /** The messages a member dismissed. */
    async dismissedMessageIDs(userID: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom("moderationMessageDismissals")
        .select("moderationMessageID")
        .where("userID", "=", userID)
        .execute();
      return new Set(rows.map((row) => row.moderationMessageID));
    },

    async deleteMessage(moderationMessageID: number): Promise<void> {
      await db.deleteFrom("moderationMessages").where("moderationMessageID", "=", moderationMessageID).execute();
    },
  };
}

export type WarningsRepo = ReturnType<typeof createWarningsRepo>;
export type WarningRow = Awaited<ReturnType<WarningsRepo["warnings"]>>[number];
export type NoteRow = Awaited<ReturnType<WarningsRepo["notes"]>>[number];
export type MessageRow = Awaited<ReturnType<WarningsRepo["messages"]>>[number];
