import type { Kysely } from "kysely";
import type { AnswerAttributes, AnswerStatus, QuestionStatus } from "@parley/contracts";
import type { DB } from "../../platform/db/schema.ts";
import { HttpError } from "../../platform/errors.ts";
import type { SiteConfig } from "../../platform/site-config.ts";
import { awardPoints, type PointsAward } from "../reputation/index.ts";

/*
 * Questions (the QnA add-on): a question's status on its row and the judged answers (`answers`), both this
 * feature's tables. The status is never kept by hand: `refreshQuestion` works it out again from the question's
 * comments and their answers' rows, in the transaction of every write that changes them, after the discussion's
 * row is locked (a comment posted, deleted, moved, an answer judged, the type changed).
 */

/**
 * Works out a discussion's question status again (its row locked by the caller): accepted when one of its answers
 * is, answered when another member than the asker commented and not every such answer is rejected, else
 * unanswered; null when the discussion is no question. `dateAnswered` is the first answer's date,
 * `dateAccepted` the latest acceptance's.
 */
export async function refreshQuestion(db: Kysely<DB>, discussionID: number): Promise<QuestionStatus | null> {
  const row = await db
    .selectFrom("discussions")
    .select(["type", "insertUserID"])
    .where("discussionID", "=", discussionID)
    .executeTakeFirst();
  if (!row) return null;
  if (row.type !== "question") {
    await db
      .updateTable("discussions")
      .set({ questionStatus: null, dateAnswered: null, dateAccepted: null })
      .where("discussionID", "=", discussionID)
      .where("questionStatus", "is not", null)
      .execute();
    return null;
  }
  const answers = await db
    .selectFrom("comments")
    .leftJoin("answers", "answers.commentID", "comments.commentID")
    .select((eb) => [
      eb.fn.min("comments.dateInserted").as("firstAnswer"),
      eb.fn.max("answers.dateAccepted").as("lastAccepted"),
      eb.fn.sum<number>(eb.case().when("answers.status", "=", "accepted").then(1).else(0).end()).as("accepted"),
      eb.fn.sum<number>(eb.case().when("answers.status", "is", null).then(1).else(0).end()).as("pending"),
    ])
    .where("comments.discussionID", "=", discussionID)
    .where("comments.insertUserID", "<>", row.insertUserID)
    .executeTakeFirstOrThrow();
  const status: QuestionStatus =
    Number(answers.accepted ?? 0) > 0 ? "accepted" : Number(answers.pending ?? 0) > 0 ? "answered" : "unanswered";
  await db
    .updateTable("discussions")
    .set({
      questionStatus: status,
      dateAnswered: answers.firstAnswer ?? null,
      dateAccepted: status === "accepted" ? (answers.lastAccepted ?? null) : null,
    })
    .where("discussionID", "=", discussionID)
    .execute();
  return status;
}

/** Records an answer's judgement (pending removes it) and moves its author's points, in the caller's transaction. */
export async function setAnswerStatus(
  db: Kysely<DB>,
  commentID: number,
  status: AnswerStatus,
  by: { userID: number; date: string },
  worth: { points: number; authorID: number; categoryID: number },
): Promise<void> {
  // An accepted answer's points are taken back where they were given, and given at the new acceptance.
  const previous = await db
    .selectFrom("answers")
    .select(["status", "points", "dateAccepted"])
    .where("commentID", "=", commentID)
    .executeTakeFirst();
  const award = (points: number, date: string): PointsAward => ({
    userID: worth.authorID,
    categoryID: worth.categoryID,
    points,
    date,
  });
  const awards: PointsAward[] = [];
  if (previous?.status === "accepted" && previous.dateAccepted)
    awards.push(award(-previous.points, previous.dateAccepted));
  await db.deleteFrom("answers").where("commentID", "=", commentID).execute();
  if (status !== "pending") {
    const points = status === "accepted" ? worth.points : 0;
    await db
      .insertInto("answers")
      .values({
        commentID,
        status,
        dateAccepted: status === "accepted" ? by.date : null,
        acceptUserID: by.userID,
        points,
      })
      .execute();
    if (status === "accepted") awards.push(award(points, by.date));
  }
  await awardPoints(db, awards);
}

/** The judged answers among these comments (the others are pending). */
export async function answersOf(
  db: Kysely<DB>,
  commentIDs: number[],
): Promise<Map<number, Omit<AnswerAttributes, "status"> & { status: AnswerStatus }>> {
  const out = new Map<number, AnswerAttributes>();
  if (commentIDs.length === 0) return out;
  const rows = await db
    .selectFrom("answers")
    .select(["commentID", "status", "dateAccepted", "acceptUserID"])
    .where("commentID", "in", [...new Set(commentIDs)])
    .execute();
  for (const row of rows)
    out.set(row.commentID, {
      status: row.status as AnswerStatus,
      dateAccepted: row.dateAccepted,
      acceptUserID: row.acceptUserID,
    });
  return out;
}

/** The add-on's switch (`plugins.qna`): off, questions are asked, judged and filtered no more (403). */
export async function requireQuestions(siteConfig: SiteConfig): Promise<void> {
  if (!(await siteConfig.get("plugins.qna"))) throw new HttpError(403, "Q&A is not enabled.");
}
