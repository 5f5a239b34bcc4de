import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** A member took part in a discussion: it counts as read up to `countComments` (the comment's transaction). */
export async function markParticipation(
  db: Kysely<DB>,
  userID: number,
  discussionID: number,
  countComments: number,
  now: string,
): Promise<void> {
  const changes = { participated: 1, dateLastViewed: now, countComments };
  await db
    .insertInto("userDiscussions")
    .values({ userID, discussionID, ...changes })
    .onConflict((oc) => oc.columns(["userID", "discussionID"]).doUpdateSet(changes))
    .execute();
}
