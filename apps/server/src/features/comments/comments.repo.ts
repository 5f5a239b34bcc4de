import { sql, type Kysely, type Selectable, type Updateable } from "kysely";
import type { CommentSort } from "@parley/contracts";
import type { DialectName } from "../../platform/db/database.ts";
import type { CommentsTable, DB, DiscussionsTable } from "../../platform/db/schema.ts";
import type { DateCondition } from "../../platform/http/filters.ts";

export type CommentRow = Selectable<CommentsTable>;

export interface CommentFilters {
  discussionID?: number;
  insertUserID?: number;
  commentIDs?: number[];
  /** Comments only in these categories (what the viewer may see), when not listing one discussion. */
  categoryIDs?: number[];
  dateInserted?: DateCondition[];
  /** Only comments with at least one reaction of this type (a reactionTypes tagID). */
  reactionTagID?: number;
}

/** The only file with the comments' SQL; the trending sort is the one place the dialects differ. */
export function createCommentsRepo(db: Kysely<DB>, dialect: DialectName): CommentsRepo {
  const removeReactions = async (commentID: number) => {
    await db.deleteFrom("reactions").where("recordType", "=", "comment").where("recordID", "=", commentID).execute();
  };
  const filtered = (filters: CommentFilters) => {
    let query = db.selectFrom("comments");
    if (filters.discussionID !== undefined) query = query.where("comments.discussionID", "=", filters.discussionID);
    if (filters.insertUserID !== undefined) query = query.where("comments.insertUserID", "=", filters.insertUserID);
    if (filters.commentIDs?.length) query = query.where("comments.commentID", "in", filters.commentIDs);
    for (const condition of filters.dateInserted ?? [])
      query = query.where("comments.dateInserted", condition.op, condition.value);
    if (filters.reactionTagID !== undefined) {
      const tagID = filters.reactionTagID;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom("reactions")
            .select("reactions.tagID")
            .where("reactions.recordType", "=", "comment")
            .whereRef("reactions.recordID", "=", "comments.commentID")
            .where("reactions.tagID", "=", tagID),
        ),
      );
    }
    if (filters.categoryIDs) {
      const categoryIDs = filters.categoryIDs.length ? filters.categoryIDs : [-2];
      query = query.where("comments.discussionID", "in", (eb) =>
        eb
          .selectFrom("discussions")
          .select("discussions.discussionID")
          .where("discussions.categoryID", "in", categoryIDs),
      );
    }
    return query;
  };
  // Score decayed by age in hours: recent well-liked replies first.
  const ageHours =
    dialect === "postgres"
      ? sql`(extract(epoch from (now() - "comments"."dateInserted")) / 3600.0)`
      : sql`((julianday('now') - julianday("comments"."dateInserted")) * 24.0)`;

  return {
    withTransaction: (trx) => createCommentsRepo(trx, dialect),

    /** The tagID of a reaction type by its urlcode (any case), or undefined. */
    async reactionTagID(urlcode) {
      const row = await db
        .selectFrom("reactionTypes")
        .select("tagID")
        .where(sql<string>`lower("urlcode")`, "=", urlcode.toLowerCase())
        .executeTakeFirst();
      return row?.tagID;
    },

    async list(filters, sort, offset, limit) {
      let query = filtered(filters).selectAll("comments");
      if (sort === "-experimentalTrending") {
        query = query.orderBy(sql`("comments"."score" + 1) / (${ageHours} + 2.0)`, "desc");
      } else {
        const desc = sort.startsWith("-");
        const column = sort.replace(/^-/, "") as "dateInserted" | "score" | "commentID";
        query = query.orderBy(`comments.${column}`, desc ? "desc" : "asc");
        if (column !== "commentID") query = query.orderBy("comments.commentID", desc ? "desc" : "asc");
      }
      return query.offset(offset).limit(limit).execute();
    },

    async count(filters) {
      const row = await filtered(filters)
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    findById: (commentID) =>
      db.selectFrom("comments").selectAll().where("commentID", "=", commentID).executeTakeFirst(),

    async isActiveUser(userID) {
      const row = await db
        .selectFrom("users")
        .select("userID")
        .where("userID", "=", userID)
        .where("deleted", "=", 0)
        .executeTakeFirst();
      return row !== undefined;
    },

    async findByIds(commentIDs) {
      if (commentIDs.length === 0) return [];
      return db.selectFrom("comments").selectAll().where("commentID", "in", commentIDs).execute();
    },

    async discussionsByIds(discussionIDs) {
      if (discussionIDs.length === 0) return [];
      return db.selectFrom("discussions").selectAll().where("discussionID", "in", discussionIDs).execute();
    },

    async insert(row) {
      return (await db.insertInto("comments").values(row).returning("commentID").executeTakeFirstOrThrow()).commentID;
    },

    async update(commentID, changes) {
      if (Object.keys(changes).length)
        await db.updateTable("comments").set(changes).where("commentID", "=", commentID).execute();
    },

    async remove(commentID) {
      await removeReactions(commentID);
      await db
        .deleteFrom("notifications")
        .where("recordType", "=", "comment")
        .where("recordID", "=", commentID)
        .execute();
      await db.deleteFrom("comments").where("commentID", "=", commentID).execute();
    },

    removeReactions,

    /** How many comments of the discussion come before this one in the default (oldest first) order. */
    async countBefore(comment) {
      const row = await db
        .selectFrom("comments")
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .where("discussionID", "=", comment.discussionID)
        .where((eb) =>
          eb.or([
            eb("dateInserted", "<", comment.dateInserted),
            eb.and([eb("dateInserted", "=", comment.dateInserted), eb("commentID", "<", comment.commentID)]),
          ]),
        )
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    latestOf: (discussionID) =>
      db
        .selectFrom("comments")
        .select(["commentID", "insertUserID", "dateInserted"])
        .where("discussionID", "=", discussionID)
        .orderBy("dateInserted", "desc")
        .orderBy("commentID", "desc")
        .limit(1)
        .executeTakeFirst(),

    async updateDiscussion(discussionID, changes) {
      await db.updateTable("discussions").set(changes).where("discussionID", "=", discussionID).execute();
    },

    async markParticipation(userID, discussionID, countComments, now) {
      const changes = { participated: 1, dateLastViewed: now, countComments };
      await db
        .insertInto("userDiscussions")
        .values({ userID, discussionID, ...changes })
        .onConflict((oc) => oc.columns(["userID", "discussionID"]).doUpdateSet(changes))
        .execute();
    },
  };
}

export interface CommentsRepo {
  withTransaction(trx: Kysely<DB>): CommentsRepo;
  reactionTagID(urlcode: string): Promise<number | undefined>;
  list(filters: CommentFilters, sort: CommentSort, offset: number, limit: number): Promise<CommentRow[]>;
  count(filters: CommentFilters): Promise<number>;
  findById(commentID: number): Promise<CommentRow | undefined>;
  findByIds(commentIDs: number[]): Promise<CommentRow[]>;
  /** Whether the user exists and is not deleted (a new author). */
  isActiveUser(userID: number): Promise<boolean>;
  discussionsByIds(discussionIDs: number[]): Promise<Array<Selectable<DiscussionsTable>>>;
  insert(row: Omit<CommentRow, "commentID">): Promise<number>;
  update(commentID: number, changes: Updateable<CommentsTable>): Promise<void>;
  /** Deletes the comment with its reactions and the notifications about it. */
  remove(commentID: number): Promise<void>;
  removeReactions(commentID: number): Promise<void>;
  countBefore(comment: Pick<CommentRow, "discussionID" | "dateInserted" | "commentID">): Promise<number>;
  latestOf(discussionID: number): Promise<Pick<CommentRow, "commentID" | "insertUserID" | "dateInserted"> | undefined>;
  updateDiscussion(discussionID: number, changes: Updateable<DiscussionsTable>): Promise<void>;
  markParticipation(userID: number, discussionID: number, countComments: number, now: string): Promise<void>;
}
