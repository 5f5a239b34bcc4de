import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** "Download my data": the comments a member wrote, the oldest first. */
export async function exportMemberComments(db: Kysely<DB>, userID: number) {
  return db
    .selectFrom("comments")
    .select(["commentID", "discussionID", "parentCommentID", "body", "format", "dateInserted", "dateUpdated"])
    .where("insertUserID", "=", userID)
    .orderBy("commentID")
    .execute();
}
