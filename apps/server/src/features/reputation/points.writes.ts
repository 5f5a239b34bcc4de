import type { Kysely, SelectQueryBuilder } from "kysely";
import { inTransaction } from "../../platform/db/row-locks.ts";
import type { DB } from "../../platform/db/schema.ts";
import { adjustUserPoints, clearUserPoints, recomputeAllRanks } from "../users/index.ts";
import { addToLedger, awardPoints, type PointsAward } from "./points.ledger.ts";

/*
 * What earns points, read from the rows that earn them, for the writes that take them back (a post deleted, a
 * type's points changed) and for the recount. A reaction gives its type's points to the post's author (not for
 * a reaction to one's own post), in the post's category, dated when it was given; an accepted answer gives what it
 * was worth when accepted (`answers.points`), dated when accepted.
 */

type PostIDs = {
  discussionIDs?: SelectQueryBuilder<DB, "discussions", { discussionID: number }> | number[];
  commentIDs?: SelectQueryBuilder<DB, "comments", { commentID: number }> | number[];
  tagID?: number;
  /** The reactions to the posts of one type whose ids are in [from, to) (the recount, a window at a time). */
  window?: { recordType: "discussion" | "comment"; from: number; to: number };
};

const emptyOrIn = <T>(ids: T[] | object | undefined): ids is T[] => Array.isArray(ids) && ids.length === 0;

/** The points reactions give now (all of them, or those to some posts, or of one type). */
async function reactionAwards(db: Kysely<DB>, filter: PostIDs = {}): Promise<PointsAward[]> {
  let query = db
    .selectFrom("reactions")
    .innerJoin("reactionTypes", "reactionTypes.tagID", "reactions.tagID")
    .leftJoin("discussions as d", (join) =>
      join.onRef("d.discussionID", "=", "reactions.recordID").on("reactions.recordType", "=", "discussion"),
    )
    .leftJoin("comments as c", (join) =>
      join.onRef("c.commentID", "=", "reactions.recordID").on("reactions.recordType", "=", "comment"),
    )
    .leftJoin("discussions as cd", "cd.discussionID", "c.discussionID")
    .select((eb) => [
      "reactions.recordUserID as userID",
      "reactions.dateInserted as date",
      "reactionTypes.points as points",
      eb.fn.coalesce("d.categoryID", "cd.categoryID").as("categoryID"),
    ])
    .whereRef("reactions.userID", "!=", "reactions.recordUserID");
  // One type's reactions whatever its points now (a change of them moves them all); else those worth something.
  query =
    filter.tagID !== undefined
      ? query.where("reactions.tagID", "=", filter.tagID)
      : query.where("reactionTypes.points", "!=", 0);
  const { discussionIDs, commentIDs, window } = filter;
  if (window)
    query = query
      .where("reactions.recordType", "=", window.recordType)
      .where("reactions.recordID", ">=", window.from)
      .where("reactions.recordID", "<", window.to);
  if (discussionIDs || commentIDs) {
    if (emptyOrIn(discussionIDs) && emptyOrIn(commentIDs)) return [];
    query = query.where((eb) =>
      eb.or([
        ...(discussionIDs && !emptyOrIn(discussionIDs)
          ? [eb.and([eb("reactions.recordType", "=", "discussion"), eb("reactions.recordID", "in", discussionIDs)])]
          : []),
        ...(commentIDs && !emptyOrIn(commentIDs)
          ? [eb.and([eb("reactions.recordType", "=", "comment"), eb("reactions.recordID", "in", commentIDs)])]
          : []),
      ]),
    );
  }
  const rows = await query.execute();
  return rows.flatMap((row) =>
    row.categoryID === null
      ? []
      : [{ userID: row.userID, categoryID: row.categoryID, points: row.points, date: row.date }],
  );
}

/** The points accepted answers give (all, or those among some comments). */
async function answerAwards(
  db: Kysely<DB>,
  commentIDs?: SelectQueryBuilder<DB, "comments", { commentID: number }> | number[],
): Promise<PointsAward[]> {
  if (emptyOrIn(commentIDs)) return [];
  let query = db
    .selectFrom("answers")
    .innerJoin("comments", "comments.commentID", "answers.commentID")
    .innerJoin("discussions", "discussions.discussionID", "comments.discussionID")
    .select([
      "comments.insertUserID as userID",
      "discussions.categoryID as categoryID",
      "answers.points as points",
      "answers.dateAccepted as date",
    ])
    .where("answers.status", "=", "accepted")
    .where("answers.points", "!=", 0);
  if (commentIDs) query = query.where("answers.commentID", "in", commentIDs);
  const rows = await query.execute();
  return rows.flatMap((row) => (row.date === null ? [] : [{ ...row, date: row.date }]));
}

const negated = (awards: PointsAward[]) => awards.map((award) => ({ ...award, points: -award.points }));

/** Takes back what the reactions to posts that are going gave, in the deletion's transaction, before they go. */
export async function takeBackReactionPoints(db: Kysely<DB>, posts: Omit<PostIDs, "tagID">): Promise<void> {
  await awardPoints(db, negated(await reactionAwards(db, posts)));
}

/** Takes back what accepted answers among comments that are going gave, in the deletion's transaction, before they go. */
export async function takeBackAnswerPoints(
  db: Kysely<DB>,
  commentIDs: SelectQueryBuilder<DB, "comments", { commentID: number }> | number[],
): Promise<void> {
  await awardPoints(db, negated(await answerAwards(db, commentIDs)));
}

/**
 * A merged discussion's reactions moving to the comment it becomes (`move`, in the merge's transaction): their
 * points move to the category the comment is in.
 */
export async function moveReactionPoints(
  db: Kysely<DB>,
  discussionID: number,
  commentID: number,
  move: () => Promise<void>,
): Promise<void> {
  const before = await reactionAwards(db, { discussionIDs: [discussionID] });
  await move();
  await awardPoints(db, [...negated(before), ...(await reactionAwards(db, { commentIDs: [commentID] }))]);
}

/**
 * Posts moving to another category (`move`, in the move's transaction): discussions with their comments, or
 * comments to another discussion. The points their reactions and accepted answers gave leave the category they
 * were in for the one they go to, in the same slots (the all-category rows and members' totals do not change).
 */
export async function movePostPoints(
  db: Kysely<DB>,
  posts: { discussionIDs?: number[]; commentIDs?: number[] },
  move: () => Promise<void>,
): Promise<void> {
  const { discussionIDs = [], commentIDs = [] } = posts;
  if (discussionIDs.length === 0 && commentIDs.length === 0) return move();
  const comments =
    discussionIDs.length === 0
      ? commentIDs
      : db
          .selectFrom("comments")
          .select("commentID")
          .where((eb) =>
            eb.or([
              eb("discussionID", "in", discussionIDs),
              ...(commentIDs.length ? [eb("commentID", "in", commentIDs)] : []),
            ]),
          );
  const awards = async () => [
    ...(await reactionAwards(db, { discussionIDs, commentIDs: comments })),
    ...(await answerAwards(db, comments)),
  ];
  const before = await awards();
  await move();
  await awardPoints(db, [...negated(before), ...(await awards())]);
}

/** A reaction type's points changed by `delta`: every reaction of the type gives that much more (its transaction). */
export async function repointReactions(db: Kysely<DB>, tagID: number, delta: number): Promise<void> {
  if (delta === 0) return;
  const awards = await reactionAwards(db, { tagID });
  await awardPoints(
    db,
    awards.map((award) => ({ ...award, points: delta })),
  );
}

/** Posts' ids a window of the recount covers: its awards (and their ledger rows) are what it holds in memory. */
const RECOUNT_WINDOW = 20_000;

/**
 * The ledger and every member's points added up again from the reactions and accepted answers (imports, and
 * tests checking that the increments equal it), in one transaction. The reactions are read a window of post ids at a
 * time, each window's awards added to the ledger as a write adds them, so a forum of any size is recounted in bounded
 * memory; the rows whose windows cancel out are dropped at the end, as one pass would have left them out.
 */
export async function recalculatePoints(db: Kysely<DB>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom("userPoints").execute();
    await clearUserPoints(trx);
    /** Each member's all-time points (a number per member: the one thing the recount holds for the whole forum). */
    const totals = new Map<number, number>();
    const addUp = (window: Map<number, number>) => {
      for (const [userID, points] of window) totals.set(userID, (totals.get(userID) ?? 0) + points);
    };
    for (const recordType of ["discussion", "comment"] as const) {
      const last = await trx
        .selectFrom("reactions")
        .select((eb) => eb.fn.max("recordID").as("id"))
        .where("recordType", "=", recordType)
        .executeTakeFirst();
      const lastID = Number(last?.id ?? 0);
      for (let from = 0; from <= lastID; from += RECOUNT_WINDOW)
        addUp(
          await addToLedger(
            trx,
            await reactionAwards(trx, { window: { recordType, from, to: from + RECOUNT_WINDOW } }),
          ),
        );
    }
    addUp(await addToLedger(trx, await answerAwards(trx)));
    // The members' points once, not after each window: an update per member per window was most of this recount.
    await adjustUserPoints(trx, totals);
    await trx.deleteFrom("userPoints").where("points", "=", 0).execute();
    await recomputeAllRanks(trx);
  });
}
