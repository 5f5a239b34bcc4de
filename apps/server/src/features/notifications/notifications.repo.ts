import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import type { DB, LiveEventsTable, NotificationsTable } from "../../platform/db/schema.ts";
import { configSecret } from "../../platform/secrets.ts";
import type { UserRow } from "../../platform/auth/auth.repo.ts";
import type { DialectName } from "../../platform/db/database.ts";

export type NotificationRow = Selectable<NotificationsTable>;
export type LiveEventRow = Selectable<LiveEventsTable>;

/** A notification row with the actor's photo, as the list shows it. */
export type ListedNotification = NotificationRow & { actorPhotoUrl: string | null; actorName: string | null };

interface NewNotification {
  userID: number;
  activityType: string;
  recordType: string;
  recordID: number;
  discussionID: number | null;
  actorUserID: number;
  body: string;
  url: string;
  popup: number;
  emailStatus: "none" | "pending";
  date: string;
}

/** What generation reads of the post an event is about. */
export interface PostSource {
  recordType: "discussion" | "comment";
  recordID: number;
  discussionID: number;
  discussionName: string;
  categoryID: number;
  discussionInsertUserID: number;
  insertUserID: number;
  body: string;
  format: string;
  dateInserted: string;
}

export interface NotificationsRepo {
  withTransaction(trx: Kysely<DB>): NotificationsRepo;
  transaction<T>(fn: (repo: NotificationsRepo) => Promise<T>): Promise<T>;

  // Reading the content an event is about (other features' tables, read only).
  discussionSource(discussionID: number): Promise<PostSource | undefined>;
  commentSource(commentID: number): Promise<PostSource | undefined>;
  /** Members with a state on the discussion: bookmarked, participated, muted. */
  discussionFollowers(
    discussionID: number,
  ): Promise<Array<{ userID: number; bookmarked: number; participated: number; muted: number }>>;
  usersByIds(userIDs: number[]): Promise<UserRow[]>;
  usersByNames(names: string[]): Promise<UserRow[]>;
  userName(userID: number): Promise<string | undefined>;
  preferencesOf(userIDs: number[]): Promise<Map<number, Map<string, number>>>;
  setPreferences(userID: number, values: Array<{ preference: string; value: number }>): Promise<void>;

  /**
   * Inserts a notification. When the member already has one for this reason and record: with `group`,
   * refreshes it (unread again, count + 1) and returns it; without, leaves it and returns undefined.
   */
  upsert(input: NewNotification, group: boolean): Promise<NotificationRow | undefined>;
  /**
   * The member's notifications, newest first. `hidden`: categories the member may not view now;
   * notifications about their discussions are left out (they may have been told before losing access).
   */
  list(userID: number, offset: number, limit: number, hidden: readonly number[]): Promise<ListedNotification[]>;
  findById(notificationID: number, hidden?: readonly number[]): Promise<ListedNotification | undefined>;
  markRead(userID: number, notificationID: number): Promise<void>;
  markAllRead(userID: number): Promise<void>;
  /** The member's notifications about one record read (a conversation they have just read). */
  markRecordRead(userID: number, recordType: string, recordID: number): Promise<void>;
  countUnread(userID: number, hidden: readonly number[]): Promise<number>;
  discussionsOf(ids: number[]): Promise<Array<{ discussionID: number; name: string; categoryID: number }>>;

  /** Claims pending mail rows (pending → sending), so one process sends each once. */
  claimEmails(notificationIDs?: number[]): Promise<NotificationRow[]>;
  setEmailStatus(notificationID: number, status: "sent" | "skipped" | "pending"): Promise<void>;

  /** A server secret kept in the config table (created on first use; never readable through /config). */
  secret(key: string, create: () => string): Promise<string>;
  /** Members who already have a notification about this record (any reason). */
  notifiedAbout(recordType: string, recordID: number): Promise<Set<number>>;

  appendLiveEvent(channel: string, type: string, data: unknown, date: string): Promise<LiveEventRow>;
  /**
   * The events on `channels` after `afterEventID`, and those below it logged at most `lateWindowMs` before it
   * (an event numbered earlier can commit later) and above `aboveEventID`: what a resumed stream may not have had.
   */
  liveEventsResumed(
    channels: string[],
    afterEventID: number,
    late: { windowMs: number; aboveEventID: number },
    limit: number,
  ): Promise<LiveEventRow[]>;
  pruneLiveEvents(before: string): Promise<void>;
}

/** Not about a discussion in one of the `hidden` categories. */
const outside = (hidden: readonly number[]) => (eb: ExpressionBuilder<DB, "notifications">) =>
  eb.or([
    eb("notifications.discussionID", "is", null),
    eb.not(
      eb.exists(
        eb
          .selectFrom("discussions as hiddenDiscussion")
          .select("hiddenDiscussion.discussionID")
          .whereRef("hiddenDiscussion.discussionID", "=", "notifications.discussionID")
          .where("hiddenDiscussion.categoryID", "in", hidden),
      ),
    ),
  ]);

export function createNotificationsRepo(db: Kysely<DB>, dialect: DialectName): NotificationsRepo {
  const listed = () =>
    db
      .selectFrom("notifications")
      .leftJoin("users", "users.userID", "notifications.actorUserID")
      .selectAll("notifications")
      .select(["users.photoUrl as actorPhotoUrl", "users.name as actorName"]);

  return {
    withTransaction: (trx) => createNotificationsRepo(trx, dialect),
    transaction: (fn) => db.transaction().execute((trx) => fn(createNotificationsRepo(trx, dialect))),

    async discussionSource(discussionID) {
      const row = await db
        .selectFrom("discussions")
        .select(["discussionID", "name", "categoryID", "insertUserID", "body", "format", "dateInserted"])
        .where("discussionID", "=", discussionID)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        recordType: "discussion",
        recordID: row.discussionID,
        discussionID: row.discussionID,
        discussionName: row.name,
        categoryID: row.categoryID,
        discussionInsertUserID: row.insertUserID,
        insertUserID: row.insertUserID,
        body: row.body,
        format: row.format,
        dateInserted: row.dateInserted,
      };
    },

    async commentSource(commentID) {
      const row = await db
        .selectFrom("comments")
        .innerJoin("discussions", "discussions.discussionID", "comments.discussionID")
        .select([
          "comments.commentID",
          "comments.discussionID",
          "comments.insertUserID",
          "comments.body",
          "comments.format",
          "comments.dateInserted",
          "discussions.name",
          "discussions.categoryID",
          "discussions.insertUserID as discussionInsertUserID",
        ])
        .where("comments.commentID", "=", commentID)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        recordType: "comment",
        recordID: row.commentID,
        discussionID: row.discussionID,
        discussionName: row.name,
        categoryID: row.categoryID,
        discussionInsertUserID: row.discussionInsertUserID,
        insertUserID: row.insertUserID,
        body: row.body,
        format: row.format,
        dateInserted: row.dateInserted,
      };
    },

    async discussionFollowers(discussionID) {
      return db
        .selectFrom("userDiscussions")
        .select(["userID", "bookmarked", "participated", "muted"])
        .where("discussionID", "=", discussionID)
        .where((eb) => eb.or([eb("bookmarked", "=", 1), eb("participated", "=", 1), eb("muted", "=", 1)]))
        .execute();
    },

    async usersByIds(userIDs) {
      if (!userIDs.length) return [];
      return db.selectFrom("users").selectAll().where("userID", "in", userIDs).execute();
    },

    async usersByNames(names) {
      if (!names.length) return [];
      const lower = names.map((name) => name.toLowerCase());
      return db
        .selectFrom("users")
        .selectAll()
        .where((eb) => eb(eb.fn("lower", ["name"]), "in", lower))
        .where("deleted", "=", 0)
        .execute();
    },

    async userName(userID) {
      const row = await db.selectFrom("users").select("name").where("userID", "=", userID).executeTakeFirst();
      return row?.name;
    },

    async preferencesOf(userIDs) {
      const out = new Map<number, Map<string, number>>();
      if (!userIDs.length) return out;
      const rows = await db.selectFrom("notificationPreferences").selectAll().where("userID", "in", userIDs).execute();
      for (const row of rows) {
        const map = out.get(row.userID) ?? new Map<string, number>();
        map.set(row.preference, row.value);
        out.set(row.userID, map);
      }
      return out;
    },

    async setPreferences(userID, values) {
      for (const { preference, value } of values) {
        await db
          .insertInto("notificationPreferences")
          .values({ userID, preference, value })
          .onConflict((oc) => oc.columns(["userID", "preference"]).doUpdateSet({ value }))
          .execute();
      }
    },

    async upsert(input, group) {
      const { date, ...fields } = input;
      return db
        .insertInto("notifications")
        .values({ ...fields, count: 1, read: 0, dateInserted: date, dateUpdated: date })
        .onConflict((oc) => {
          const target = oc.columns(["userID", "activityType", "recordType", "recordID"]);
          if (!group) return target.doNothing();
          return target.doUpdateSet((eb) => ({
            actorUserID: input.actorUserID,
            body: input.body,
            url: input.url,
            popup: input.popup,
            read: 0,
            count: eb(eb.ref("notifications.count"), "+", 1),
            emailStatus: input.emailStatus,
            dateUpdated: date,
          }));
        })
        .returningAll()
        .executeTakeFirst();
    },

    async list(userID, offset, limit, hidden) {
      return listed()
        .where("notifications.userID", "=", userID)
        .where("notifications.popup", "=", 1)
        .$if(hidden.length > 0, (query) => query.where(outside(hidden)))
        .orderBy("notifications.dateUpdated", "desc")
        .orderBy("notifications.notificationID", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async findById(notificationID, hidden = []) {
      return listed()
        .where("notifications.notificationID", "=", notificationID)
        .$if(hidden.length > 0, (query) => query.where(outside(hidden)))
        .executeTakeFirst();
    },

    async markRead(userID, notificationID) {
      await db
        .updateTable("notifications")
        .set({ read: 1 })
        .where("notificationID", "=", notificationID)
        .where("userID", "=", userID)
        .execute();
    },

    async markRecordRead(userID, recordType, recordID) {
      await db
        .updateTable("notifications")
        .set({ read: 1 })
        .where("userID", "=", userID)
        .where("recordType", "=", recordType)
        .where("recordID", "=", recordID)
        .where("read", "=", 0)
        .execute();
    },

    async markAllRead(userID) {
      await db
        .updateTable("notifications")
        .set({ read: 1 })
        .where("userID", "=", userID)
        .where("read", "=", 0)
        .execute();
    },

    async countUnread(userID, hidden) {
      const row = await db
        .selectFrom("notifications")
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .where("userID", "=", userID)
        .where("read", "=", 0)
        .where("popup", "=", 1)
        .$if(hidden.length > 0, (query) => query.where(outside(hidden)))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async discussionsOf(ids) {
      if (!ids.length) return [];
      return db
        .selectFrom("discussions")
        .select(["discussionID", "name", "categoryID"])
        .where("discussionID", "in", ids)
        .execute();
    },

    /**
     * Claims pending e-mails for this sender. On PostgreSQL the rows are locked `FOR UPDATE SKIP LOCKED`
     * first, so a claim never waits: one UPDATE over several rows, locking them in its own order while
     * another post's delivery upserted the same grouped rows in member order, deadlocked, and the delivery
     * that lost was rolled back. A row skipped here is held by a delivery that sets it pending again and
     * claims it itself after its commit. SQLite serialises its writers.
     */
    async claimEmails(notificationIDs) {
      if (notificationIDs && !notificationIDs.length) return [];
      let pending = db.selectFrom("notifications").select("notificationID").where("emailStatus", "=", "pending");
      if (notificationIDs) pending = pending.where("notificationID", "in", notificationIDs);
      return db
        .updateTable("notifications")
        .set({ emailStatus: "sending" })
        .where("notificationID", "in", dialect === "postgres" ? pending.forUpdate().skipLocked() : pending)
        .where("emailStatus", "=", "pending")
        .returningAll()
        .execute();
    },

    async setEmailStatus(notificationID, status) {
      await db
        .updateTable("notifications")
        .set({ emailStatus: status })
        .where("notificationID", "=", notificationID)
        .execute();
    },

    secret: (key, create) => configSecret(db, key, create),

    async notifiedAbout(recordType, recordID) {
      const rows = await db
        .selectFrom("notifications")
        .select("userID")
        .where("recordType", "=", recordType)
        .where("recordID", "=", recordID)
        .execute();
      return new Set(rows.map((row) => row.userID));
    },

    async appendLiveEvent(channel, type, data, date) {
      return db
        .insertInto("liveEvents")
        .values({ channel, type, data: JSON.stringify(data), dateInserted: date })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async liveEventsResumed(channels, afterEventID, late, limit) {
      if (!channels.length) return [];
      const anchor = await db
        .selectFrom("liveEvents")
        .select("dateInserted")
        .where("eventID", "=", afterEventID)
        .executeTakeFirst();
      // Pruned or never logged: nothing below it is looked at.
      const lateFrom = anchor ? new Date(new Date(anchor.dateInserted).getTime() - late.windowMs).toISOString() : null;
      return db
        .selectFrom("liveEvents")
        .selectAll()
        .where("channel", "in", channels)
        .where((eb) =>
          lateFrom === null
            ? eb("eventID", ">", afterEventID)
            : eb.or([
                eb("eventID", ">", afterEventID),
                eb.and([
                  eb("eventID", "<", afterEventID),
                  eb("eventID", ">", late.aboveEventID),
                  eb("dateInserted", ">=", lateFrom),
                ]),
              ]),
        )
        .orderBy("eventID")
        .limit(limit)
        .execute();
    },

    async pruneLiveEvents(before) {
      await db.deleteFrom("liveEvents").where("dateInserted", "<", before).execute();
    },
  };
}
