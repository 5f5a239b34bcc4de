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

/**
 * A member opened the discussion: it counts as read up to its comments now (`unread` false, `countUnread` 0 in lists,
 * until someone comments again), as Vanilla's page view sets `UserDiscussion.DateLastViewed` and `CountComments`.
 */
export async function markRead(db: Kysely<DB>, userID: number, discussionID: number, now: string): Promise<void> {
  const discussion = await db
    .selectFrom("discussions")
    .select("countComments")
    .where("discussionID", "=", discussionID)
    .executeTakeFirst();
  if (!discussion) return;
  const changes = { dateLastViewed: now, countComments: discussion.countComments };
  await db
    .insertInto("userDiscussions")
    .values({ userID, discussionID, participated: 0, ...changes })
    .onConflict((oc) => oc.columns(["userID", "discussionID"]).doUpdateSet(changes))
    .execute();
}
