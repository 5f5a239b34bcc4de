import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType } from "../../platform/db/columns.ts";

/**
 * Questions (the QnA add-on, issue 33): a question's status (`unanswered`, `answered`, `accepted`; null for other
 * types) and when it was first answered and last accepted, kept on the discussion's row by the writes that change
 * them; and the answers the asker or a moderator accepted or rejected (a comment without a row is pending).
 * Questions posted before this migration get their status from their comments.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable("discussions").addColumn("questionStatus", "varchar(20)").execute();
  await db.schema.alterTable("discussions").addColumn("dateAnswered", dateType(dialect)).execute();
  await db.schema.alterTable("discussions").addColumn("dateAccepted", dateType(dialect)).execute();
  await db.schema
    .createIndex("discussions_question_status")
    .on("discussions")
    .columns(["questionStatus", "dateLastComment"])
    .execute();
  await db.schema
    .createTable("answers")
    .addColumn("commentID", "integer", (col) => col.primaryKey().references("comments.commentID").onDelete("cascade"))
    .addColumn("status", "varchar(20)", (col) => col.notNull())
    .addColumn("dateAccepted", dateType(dialect))
    .addColumn("acceptUserID", "integer")
    .execute();
  await sql`UPDATE discussions SET "questionStatus" = 'unanswered' WHERE "type" = 'question'`.execute(db);
  await sql`UPDATE discussions SET "questionStatus" = 'answered', "dateAnswered" = (
      SELECT MIN(c."dateInserted") FROM comments c
      WHERE c."discussionID" = discussions."discussionID" AND c."insertUserID" <> discussions."insertUserID")
    WHERE "type" = 'question' AND EXISTS (
      SELECT 1 FROM comments c
      WHERE c."discussionID" = discussions."discussionID" AND c."insertUserID" <> discussions."insertUserID")`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("answers").execute();
  await db.schema.dropIndex("discussions_question_status").execute();
  await db.schema.alterTable("discussions").dropColumn("dateAccepted").execute();
  await db.schema.alterTable("discussions").dropColumn("dateAnswered").execute();
  await db.schema.alterTable("discussions").dropColumn("questionStatus").execute();
}
