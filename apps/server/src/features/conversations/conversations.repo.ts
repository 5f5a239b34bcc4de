import { sql, type Kysely, type Selectable } from "kysely";
import { lockRows } from "../../platform/db/row-locks.ts";
import type { ConversationMessagesTable, ConversationsTable, DB } from "../../platform/db/schema.ts";
import { wipedBody } from "../../platform/records.ts";
import { removeNotificationsAbout } from "./conversations.deps.ts";

export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<ConversationMessagesTable>;
/** A conversation with one participant's read state (the member whose list it is). */
export type ListedConversation = ConversationRow & { countReadMessages: number };

export interface MessageFilters {
  conversationID?: number;
  insertUserID?: number;
}

export interface ConversationFilters {
  participantUserID: number;
  insertUserID?: number;
}

/** The ONLY file with SQL for conversations, in the subset both SQLite and PostgreSQL run. */
export function createConversationsRepo(db: Kysely<DB>) {
  const messageQuery = (filters: MessageFilters) => {
    let query = db.selectFrom("conversationMessages");
    if (filters.conversationID !== undefined) query = query.where("conversationID", "=", filters.conversationID);
    if (filters.insertUserID !== undefined) query = query.where("insertUserID", "=", filters.insertUserID);
    return query;
  };

  async function recountParticipants(conversationID: number): Promise<void> {
    // Locked, then recounted by a later statement (platform/db/row-locks.ts).
    await lockRows(db, "conversations", "conversationID", [conversationID], "countParticipants");
    await db
      .updateTable("conversations")
      .set({
        countParticipants: sql<number>`(select count(*) from ${sql.table("userConversations")} where ${sql.ref(
          "userConversations.conversationID",
        )} = ${conversationID} and ${sql.ref("userConversations.deleted")} = 0)`,
      })
      .where("conversationID", "=", conversationID)
      .execute();
  }

  return {
    /** What the recipient checks need of users (one query). */
    async usersByIds(userIDs: number[]) {
      if (!userIDs.length) return [];
      return db
        .selectFrom("users")
        .select(["userID", "name", "banned", "deleted"])
        .where("userID", "in", userIDs)
        .execute();
    },

    async insertConversation(values: { name: string | null; insertUserID: number; date: string }) {
      const row = await db
        .insertInto("conversations")
        .values({
          name: values.name,
          insertUserID: values.insertUserID,
          dateInserted: values.date,
          dateUpdated: values.date,
        })
        .returning("conversationID")
        .executeTakeFirstOrThrow();
      return row.conversationID;
    },

    findById: (conversationID: number) =>
      db.selectFrom("conversations").selectAll().where("conversationID", "=", conversationID).executeTakeFirst(),

    participation: (userID: number, conversationID: number) =>
      db
        .selectFrom("userConversations")
        .selectAll()
        .where("userID", "=", userID)
        .where("conversationID", "=", conversationID)
        .executeTakeFirst(),

    /** Adds members (or brings back ones who left); returns the ids that were not participating before. */
    async addParticipants(conversationID: number, userIDs: number[]): Promise<number[]> {
      if (!userIDs.length) return [];
      const existing = await db
        .selectFrom("userConversations")
        .select(["userID", "deleted"])
        .where("conversationID", "=", conversationID)
        .where("userID", "in", userIDs)
        .execute();
      const known = new Map(existing.map((row) => [row.userID, row.deleted]));
      const fresh = userIDs.filter((id) => !known.has(id));
      const returning = userIDs.filter((id) => known.get(id) === 1);
      if (fresh.length)
        await db
          .insertInto("userConversations")
          .values(fresh.map((userID) => ({ userID, conversationID, deleted: 0, countReadMessages: 0 })))
          .execute();
      if (returning.length)
        await db
          .updateTable("userConversations")
          .set({ deleted: 0 })
          .where("conversationID", "=", conversationID)
          .where("userID", "in", returning)
          .execute();
      await recountParticipants(conversationID);
      return [...fresh, ...returning];
    },

    async leave(userID: number, conversationID: number): Promise<void> {
      await db
        .updateTable("userConversations")
        .set({ deleted: 1 })
        .where("userID", "=", userID)
        .where("conversationID", "=", conversationID)
        .execute();
      await recountParticipants(conversationID);
    },

    /** Adds a message and moves the conversation on; returns the message id and the new message count. */
    async insertMessage(values: Omit<MessageRow, "messageID">) {
      const { messageID } = await db
        .insertInto("conversationMessages")
        .values(values)
        .returning("messageID")
        .executeTakeFirstOrThrow();
      // One statement: the count after this increment, and the last message the greatest id (a message
      // committed after a later one never moves it back).
      const row = await db
        .updateTable("conversations")
        .set((eb) => ({
          countMessages: eb("countMessages", "+", 1),
          lastMessageID: eb
            .case()
            .when(eb.or([eb("lastMessageID", "is", null), eb("lastMessageID", "<", messageID)]))
            .then(messageID)
            .else(eb.ref("lastMessageID"))
            .end(),
          dateUpdated: values.dateInserted,
        }))
        .where("conversationID", "=", values.conversationID)
        .returning("countMessages")
        .executeTakeFirstOrThrow();
      return { messageID, countMessages: row.countMessages };
    },

    /**
     * The member has read every message so far. Only ever forward: a view that read the count before a
     * concurrent message (the member's own, counted read when sent) never marks it unread again.
     */
    async markRead(userID: number, conversationID: number, countMessages: number, date: string) {
      await db
        .updateTable("userConversations")
        .set((eb) => ({
          countReadMessages: eb
            .case()
            .when("countReadMessages", "<", countMessages)
            .then(countMessages)
            .else(eb.ref("countReadMessages"))
            .end(),
          dateLastViewed: date,
        }))
        .where("userID", "=", userID)
        .where("conversationID", "=", conversationID)
        .execute();
    },

    /** A member's conversations (not the ones they left), most recently active first, with their read state. */
    list(filters: ConversationFilters, offset: number, limit: number): Promise<ListedConversation[]> {
      let query = db
        .selectFrom("conversations")
        .innerJoin("userConversations", "userConversations.conversationID", "conversations.conversationID")
        .selectAll("conversations")
        .select("userConversations.countReadMessages")
        .where("userConversations.userID", "=", filters.participantUserID)
        .where("userConversations.deleted", "=", 0);
      if (filters.insertUserID !== undefined)
        query = query.where("conversations.insertUserID", "=", filters.insertUserID);
      return query
        .orderBy("conversations.dateUpdated", "desc")
        .orderBy("conversations.conversationID", "desc")
        .offset(offset)
        .limit(limit)
        .execute();
    },

    /** Every participation row of these conversations (one query). */
    async participantsOf(conversationIDs: number[]) {
      if (!conversationIDs.length) return [];
      return db
        .selectFrom("userConversations")
        .select(["conversationID", "userID", "deleted"])
        .where("conversationID", "in", conversationIDs)
        .orderBy("conversationID")
        .orderBy("userID")
        .execute();
    },

    participantsPage: (conversationID: number, offset: number, limit: number) =>
      db
        .selectFrom("userConversations")
        .select(["conversationID", "userID", "deleted"])
        .where("conversationID", "=", conversationID)
        .orderBy("userID")
        .offset(offset)
        .limit(limit)
        .execute(),

    async countParticipantRows(conversationID: number) {
      const row = await db
        .selectFrom("userConversations")
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .where("conversationID", "=", conversationID)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async messagesByIds(messageIDs: number[]): Promise<MessageRow[]> {
      if (!messageIDs.length) return [];
      return db.selectFrom("conversationMessages").selectAll().where("messageID", "in", messageIDs).execute();
    },

    /** Messages oldest first. */
    listMessages: (filters: MessageFilters, offset: number, limit: number) =>
      messageQuery(filters).selectAll().orderBy("messageID", "asc").offset(offset).limit(limit).execute(),

    async countMessages(filters: MessageFilters) {
      const row = await messageQuery(filters)
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Blanks every message the member wrote (their account is deleted with deleteMethod `wipe`). */
    async wipeMessagesOf(userID: number): Promise<void> {
      await db.updateTable("conversationMessages").set(wipedBody).where("insertUserID", "=", userID).execute();
    },

    /**
     * Deletes what a member wrote (their account is deleted with deleteMethod `delete`), as deleting a
     * member deletes their discussions whole and their comments elsewhere: the conversations they started
     * (with every message, participation and notification), their messages in the others (whose counts,
     * last message and each participant's read count follow), and their own participations.
     */
    async deleteContentOf(userID: number): Promise<void> {
      const started = db.selectFrom("conversations").select("conversationID").where("insertUserID", "=", userID);
      await removeNotificationsAbout(db, "conversation", started);
      await db.deleteFrom("conversationMessages").where("conversationID", "in", started).execute();
      await db.deleteFrom("userConversations").where("conversationID", "in", started).execute();
      await db.deleteFrom("conversations").where("insertUserID", "=", userID).execute();

      const touched = (
        await db
          .selectFrom("conversationMessages")
          .select("conversationID")
          .distinct()
          .where("insertUserID", "=", userID)
          .execute()
      ).map((row) => row.conversationID);
      if (touched.length) {
        // A read count covers the first n messages: it loses the member's messages among them.
        await db
          .updateTable("userConversations")
          .set({
            countReadMessages: sql<number>`${sql.ref("userConversations.countReadMessages")} - (
              select count(*) from ${sql.table("conversationMessages")} as gone
              where gone."conversationID" = ${sql.ref("userConversations.conversationID")}
                and gone."insertUserID" = ${userID}
                and (select count(*) from ${sql.table("conversationMessages")} as earlier
                     where earlier."conversationID" = gone."conversationID"
                       and earlier."messageID" <= gone."messageID") <= ${sql.ref("userConversations.countReadMessages")})`,
          })
          .where("conversationID", "in", touched)
          .execute();
        await db.deleteFrom("conversationMessages").where("insertUserID", "=", userID).execute();
        await lockRows(db, "conversations", "conversationID", touched, "countMessages");
        await db
          .updateTable("conversations")
          .set({
            countMessages: sql<number>`(select count(*) from ${sql.table("conversationMessages")} as m
              where m."conversationID" = ${sql.ref("conversations.conversationID")})`,
            lastMessageID: sql<number | null>`(select max(m."messageID") from ${sql.table("conversationMessages")} as m
              where m."conversationID" = ${sql.ref("conversations.conversationID")})`,
          })
          .where("conversationID", "in", touched)
          .execute();
      }

      const joined = (
        await db.selectFrom("userConversations").select("conversationID").where("userID", "=", userID).execute()
      ).map((row) => row.conversationID);
      await db.deleteFrom("userConversations").where("userID", "=", userID).execute();
      for (const conversationID of joined) await recountParticipants(conversationID);
    },

    /** Conversations with messages the member has not read (one query). */
    async countUnread(userID: number) {
      const row = await db
        .selectFrom("userConversations")
        .innerJoin("conversations", "conversations.conversationID", "userConversations.conversationID")
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .where("userConversations.userID", "=", userID)
        .where("userConversations.deleted", "=", 0)
        .whereRef("conversations.countMessages", ">", "userConversations.countReadMessages")
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type ConversationsRepo = ReturnType<typeof createConversationsRepo>;
