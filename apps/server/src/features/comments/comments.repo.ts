import { sql, type Kysely, type Selectable, type Updateable } from "kysely";
import type { CommentSort, CommentThreadSort } from "@parley/contracts";
import type { DialectName } from "../../platform/db/database.ts";
import type { CommentsTable, DB, DiscussionsTable } from "../../platform/db/schema.ts";
import { idConditions, type DateCondition, type IdFilter } from "../../platform/http/filters.ts";
import { lockRowsExclusively } from "../../platform/db/row-locks.ts";
import { markParticipation, removeNotificationsAbout, takeBackAnswerPoints } from "./comments.deps.ts";

export type CommentRow = Selectable<CommentsTable>;

export interface CommentFilters {
  discussionID?: number;
  insertUserID?: number;
  commentIDs?: IdFilter;
  /** Comments only in these categories (what the viewer may see), when not listing one discussion. */
  categoryIDs?: number[];
  dateInserted?: DateCondition[];
  /** Only comments with at least one reaction of this type (a reactionTypes tagID). */
  reactionTagID?: number;
  /** Only the answers judged so (the QnA add-on). */
  answerStatus?: "accepted" | "rejected";
  /**
   * Only the replies of this comment; null: only the comments that reply to none (or to a comment
   * that is gone: its replies are not lost from the thread).
   */
  parentCommentID?: number | null;
}

/** Where a comment sits in its thread: what its place in a sorted level depends on. */
interface ThreadPlace {
  commentID: number;
  discussionID: number;
  parentCommentID: number | null;
  dateInserted: string;
  score: number;
}

/** What a thread's structure needs of a reply (`GET /comments/thread`). */
export interface ReplyRow {
  commentID: number;
  parentCommentID: number;
  insertUserID: number;
}

/**
 * What comments need of the reactions feature's writes (reactions imports comments, so app.ts hands it in).
 */
export interface CommentReactionWrites {
  /** Deletes a comment's reactions, in the caller's transaction `db`. */
  removeCommentReactions(db: Kysely<DB>, commentID: number): Promise<void>;
}

/**
 * The only file with the comments' SQL; the trending sort is the one place the dialects differ. A deleted
 * comment's reactions go through their owner, `reactions`.
 */
export function createCommentsRepo(
  db: Kysely<DB>,
  dialect: DialectName,
  reactions: CommentReactionWrites,
): CommentsRepo {
  const removeReactions = (commentID: number) => reactions.removeCommentReactions(db, commentID);
  const filtered = (filters: CommentFilters) => {
    let query = db.selectFrom("comments");
    if (filters.discussionID !== undefined) query = query.where("comments.discussionID", "=", filters.discussionID);
    if (filters.insertUserID !== undefined) query = query.where("comments.insertUserID", "=", filters.insertUserID);
    for (const condition of idConditions(filters.commentIDs))
      query = query.where("comments.commentID", condition.op, condition.value);
    for (const condition of filters.dateInserted ?? [])
      query = query.where("comments.dateInserted", condition.op, condition.value);
    if (filters.answerStatus !== undefined) {
      const status = filters.answerStatus;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom("answers")
            .select("answers.commentID")
            .whereRef("answers.commentID", "=", "comments.commentID")
            .where("answers.status", "=", status),
        ),
      );
    }
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
    if (filters.parentCommentID !== undefined) {
      const parentCommentID = filters.parentCommentID;
      query =
        parentCommentID === null
          ? query.where((eb) =>
              eb.or([
                eb("comments.parentCommentID", "is", null),
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom("comments as parent")
                      .select("parent.commentID")
                      .whereRef("parent.commentID", "=", "comments.parentCommentID"),
                  ),
                ),
              ]),
            )
          : query.where("comments.parentCommentID", "=", parentCommentID);
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
    withTransaction: (trx) => createCommentsRepo(trx, dialect, reactions),

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

    async repliesBelow(commentIDs, sort) {
      if (commentIDs.length === 0) return [];
      const desc = sort.startsWith("-");
      const column = sql.ref(sort.replace(/^-/, ""));
      const direction = sql.raw(desc ? "desc" : "asc");
      // Level by level down from the given comments (a reply's parent is always an older comment, so
      // the walk ends; the level bound is for safety).
      const result = await sql<ReplyRow>`with recursive tree ("commentID", "parentCommentID", "insertUserID",
          "dateInserted", "score", "level") as (
            select c."commentID", c."parentCommentID", c."insertUserID", c."dateInserted", coalesce(c."score", 0), 1
            from "comments" c where c."parentCommentID" in (${sql.join(commentIDs)})
            union all
            select c."commentID", c."parentCommentID", c."insertUserID", c."dateInserted", coalesce(c."score", 0),
              t."level" + 1
            from "comments" c join tree t on c."parentCommentID" = t."commentID" where t."level" < 100)
          select "commentID", "parentCommentID", "insertUserID" from tree
          order by ${column} ${direction}, "commentID" ${direction}`.execute(db);
      return result.rows;
    },

    async ancestry(commentID) {
      const result = await sql<ThreadPlace>`with recursive chain ("commentID", "parentCommentID", "level") as (
            select c."commentID", c."parentCommentID", 0 from "comments" c where c."commentID" = ${commentID}
            union all
            select c."commentID", c."parentCommentID", ch."level" + 1
            from "comments" c join chain ch on c."commentID" = ch."parentCommentID" where ch."level" < 100)
          select c."commentID", c."discussionID", c."parentCommentID", c."dateInserted", coalesce(c."score", 0) as "score"
          from chain ch join "comments" c on c."commentID" = ch."commentID" order by ch."level"`.execute(db);
      return result.rows.map((row) => ({ ...row, score: Number(row.score) }));
    },

    async countBeforeInThread(place, filters, sort) {
      const desc = sort.startsWith("-");
      const key = sort.replace(/^-/, "") as "dateInserted" | "score";
      const value = key === "score" ? place.score : place.dateInserted;
      const column = key === "score" ? sql`coalesce("comments"."score", 0)` : sql`"comments"."dateInserted"`;
      const before = desc
        ? sql<boolean>`(${column} > ${value} or (${column} = ${value} and "comments"."commentID" > ${place.commentID}))`
        : sql<boolean>`(${column} < ${value} or (${column} = ${value} and "comments"."commentID" < ${place.commentID}))`;
      const row = await filtered(filters)
        .where(before)
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

    async remove(commentID, discussionID) {
      // The row locked first: it waits for a concurrent reaction's lock on it, so the reactions deleted next
      // include that one (a reaction that comes after finds no comment). Its reactions and an accepted answer's
      // points go while the row is there to tell the category they were earned in.
      const { numUpdatedRows } = await db
        .updateTable("comments")
        .set((eb) => ({ score: eb.ref("score") }))
        .where("commentID", "=", commentID)
        .where("discussionID", "=", discussionID)
        .executeTakeFirstOrThrow();
      if (Number(numUpdatedRows) === 0) return false;
      await removeReactions(commentID);
      await takeBackAnswerPoints(db, [commentID]);
      await db.deleteFrom("comments").where("commentID", "=", commentID).execute();
      await removeNotificationsAbout(db, "comment", [commentID]);
      return true;
    },

    async lockForRemoval(commentIDs) {
      const present = await lockRowsExclusively(db, "comments", "commentID", commentIDs);
      if (present.size === 0) return new Map();
      const rows = await db
        .selectFrom("comments")
        .select(["commentID", "discussionID"])
        .where("commentID", "in", [...present])
        .execute();
      return new Map(rows.map((row) => [row.commentID, row.discussionID]));
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

    markParticipation: (userID, discussionID, countComments, now) =>
      markParticipation(db, userID, discussionID, countComments, now),
  };
}

export interface CommentsRepo {
  withTransaction(trx: Kysely<DB>): CommentsRepo;
  reactionTagID(urlcode: string): Promise<number | undefined>;
  list(filters: CommentFilters, sort: CommentSort, offset: number, limit: number): Promise<CommentRow[]>;
  count(filters: CommentFilters): Promise<number>;
  findById(commentID: number): Promise<CommentRow | undefined>;
  findByIds(commentIDs: number[]): Promise<CommentRow[]>;
  /** A comment and the comments above it, up to its top-level comment (the last). */
  ancestry(commentID: number): Promise<ThreadPlace[]>;
  /** The comments of a thread's level (`filters`) before this one in the thread's sort. */
  countBeforeInThread(place: ThreadPlace, filters: CommentFilters, sort: CommentThreadSort): Promise<number>;
  /** Every reply under these comments, at any depth, in the thread's sort (one query). */
  repliesBelow(commentIDs: number[], sort: CommentThreadSort): Promise<ReplyRow[]>;
  /** Whether the user exists and is not deleted (a new author). */
  isActiveUser(userID: number): Promise<boolean>;
  discussionsByIds(discussionIDs: number[]): Promise<Array<Selectable<DiscussionsTable>>>;
  insert(row: Omit<CommentRow, "commentID">): Promise<number>;
  update(commentID: number, changes: Updateable<CommentsTable>): Promise<void>;
  /**
   * Deletes the comment (when still in that discussion) with its reactions and the notifications about
   * it; false when it was gone already.
   */
  remove(commentID: number, discussionID: number): Promise<boolean>;
  /**
   * Locks the comments still there (in commentID order, until the transaction ends) and answers the discussion
   * each is in: a delete then knows which it will remove before it changes any count.
   */
  lockForRemoval(commentIDs: number[]): Promise<Map<number, number>>;
  removeReactions(commentID: number): Promise<void>;
  countBefore(comment: Pick<CommentRow, "discussionID" | "dateInserted" | "commentID">): Promise<number>;
  markParticipation(userID: number, discussionID: number, countComments: number, now: string): Promise<void>;
}
