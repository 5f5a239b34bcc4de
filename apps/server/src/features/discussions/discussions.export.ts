import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** "Download my data": the discussions a member started, and the ones they bookmarked (their IDs and titles). */
export async function exportMemberDiscussions(db: Kysely<DB>, userID: number) {
  const [discussions, bookmarks] = await Promise.all([
    db
      .selectFrom("discussions")
      .select(["discussionID", "categoryID", "name", "body", "format", "dateInserted", "dateUpdated", "type"])
      .where("insertUserID", "=", userID)
      .orderBy("discussionID")
      .execute(),
    db
      .selectFrom("userDiscussions")
      .innerJoin("discussions", "discussions.discussionID", "userDiscussions.discussionID")
      .select(["discussions.discussionID", "discussions.name"])
      .where("userDiscussions.userID", "=", userID)
      .where("userDiscussions.bookmarked", "=", 1)
      .orderBy("discussions.discussionID")
      .execute(),
  ]);
  return { discussions, bookmarks };
}
