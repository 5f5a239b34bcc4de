import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DB } from "../platform/db/schema.ts";

/*
 * Every counter Parley stores, compared with a recount from the tables it counts (the root category's
 * totals are kept by recounts only: posts count up to the top-level categories). Used by the concurrency
 * route test and the durability suite: an empty answer means every counter is exact.
 */

interface Check {
  name: string;
  /** Rows of (id, stored, actual) where they differ. */
  query: RawBuilder<{ id: number; stored: string | number | null; actual: string | number | null }>;
}

const checks: Check[] = [
  {
    name: "discussions.countComments",
    query: sql`select d."discussionID" as id, d."countComments" as stored, count(c."commentID") as actual
      from "discussions" d left join "comments" c on c."discussionID" = d."discussionID"
      group by d."discussionID", d."countComments" having d."countComments" <> count(c."commentID")`,
  },
  {
    name: "discussions.lastCommentID",
    query: sql`select d."discussionID" as id, d."lastCommentID" as stored, (select c."commentID" from "comments" c
        where c."discussionID" = d."discussionID" order by c."dateInserted" desc, c."commentID" desc limit 1) as actual
      from "discussions" d
      where coalesce(d."lastCommentID", 0) <> coalesce((select c."commentID" from "comments" c
        where c."discussionID" = d."discussionID" order by c."dateInserted" desc, c."commentID" desc limit 1), 0)`,
  },
  {
    name: "discussions.score",
    query: sql`select d."discussionID" as id, d."score" as stored, coalesce(sum(t."points"), 0) as actual
      from "discussions" d
      left join "reactions" r on r."recordType" = 'discussion' and r."recordID" = d."discussionID"
      left join "reactionTypes" t on t."tagID" = r."tagID"
      group by d."discussionID", d."score" having d."score" <> coalesce(sum(t."points"), 0)`,
  },
  {
    name: "comments.score",
    query: sql`select c."commentID" as id, c."score" as stored, coalesce(sum(t."points"), 0) as actual
      from "comments" c
      left join "reactions" r on r."recordType" = 'comment' and r."recordID" = c."commentID"
      left join "reactionTypes" t on t."tagID" = r."tagID"
      group by c."commentID", c."score" having c."score" <> coalesce(sum(t."points"), 0)`,
  },
  {
    // What reactions from others and accepted answers gave (reputation.md).
    name: "users.points",
    query: sql`select u."userID" as id, u."points" as stored, (coalesce((select sum(t."points") from "reactions" r join "reactionTypes" t on t."tagID" = r."tagID"
          where r."recordUserID" = u."userID" and r."userID" <> r."recordUserID"), 0)
        + coalesce((select sum(a."points") from "answers" a join "comments" c on c."commentID" = a."commentID"
          where c."insertUserID" = u."userID" and a."status" = 'accepted'), 0)) as actual
      from "users" u where u."points" <> (coalesce((select sum(t."points") from "reactions" r join "reactionTypes" t on t."tagID" = r."tagID"
          where r."recordUserID" = u."userID" and r."userID" <> r."recordUserID"), 0)
        + coalesce((select sum(a."points") from "answers" a join "comments" c on c."commentID" = a."commentID"
          where c."insertUserID" = u."userID" and a."status" = 'accepted'), 0))`,
  },
  {
    name: "userPoints all time",
    query: sql`select u."userID" as id, coalesce(p."points", 0) as stored, u."points" as actual
      from "users" u left join "userPoints" p on p."userID" = u."userID" and p."slotType" = 'a' and p."categoryID" = 0
      where coalesce(p."points", 0) <> u."points"`,
  },
  {
    name: "reactions on missing records",
    query: sql`select r."recordID" as id, r."recordType" as stored, 'missing' as actual from "reactions" r
      where (r."recordType" = 'comment' and not exists (select 1 from "comments" c where c."commentID" = r."recordID"))
         or (r."recordType" = 'discussion'
             and not exists (select 1 from "discussions" d where d."discussionID" = r."recordID"))`,
  },
  {
    name: "categories.countDiscussions",
    query: sql`select k."categoryID" as id, k."countDiscussions" as stored,
        (select count(*) from "discussions" d where d."categoryID" = k."categoryID") as actual
      from "categories" k
      where k."countDiscussions" <> (select count(*) from "discussions" d where d."categoryID" = k."categoryID")`,
  },
  {
    name: "categories.countComments",
    query: sql`select k."categoryID" as id, k."countComments" as stored,
        (select count(*) from "comments" c join "discussions" d on d."discussionID" = c."discussionID"
          where d."categoryID" = k."categoryID") as actual
      from "categories" k
      where k."countComments" <> (select count(*) from "comments" c join "discussions" d
        on d."discussionID" = c."discussionID" where d."categoryID" = k."categoryID")`,
  },
  {
    name: "categories.countAllDiscussions",
    query: sql`with recursive sub("rootID", "categoryID") as (
        select "categoryID", "categoryID" from "categories"
        union all select sub."rootID", k."categoryID" from "categories" k join sub on k."parentCategoryID" = sub."categoryID")
      select k."categoryID" as id, k."countAllDiscussions" as stored, count(d."discussionID") as actual
      from "categories" k join sub on sub."rootID" = k."categoryID"
      left join "discussions" d on d."categoryID" = sub."categoryID"
      where k."categoryID" <> -1
      group by k."categoryID", k."countAllDiscussions" having k."countAllDiscussions" <> count(d."discussionID")`,
  },
  {
    name: "categories.countAllComments",
    query: sql`with recursive sub("rootID", "categoryID") as (
        select "categoryID", "categoryID" from "categories"
        union all select sub."rootID", k."categoryID" from "categories" k join sub on k."parentCategoryID" = sub."categoryID")
      select k."categoryID" as id, k."countAllComments" as stored, count(c."commentID") as actual
      from "categories" k join sub on sub."rootID" = k."categoryID"
      left join "discussions" d on d."categoryID" = sub."categoryID"
      left join "comments" c on c."discussionID" = d."discussionID"
      where k."categoryID" <> -1
      group by k."categoryID", k."countAllComments" having k."countAllComments" <> count(c."commentID")`,
  },
  {
    name: "categories.countFollowers",
    query: sql`select k."categoryID" as id, k."countFollowers" as stored,
        (select count(*) from "userCategories" u where u."categoryID" = k."categoryID" and u."followed" = 1) as actual
      from "categories" k where k."countFollowers" <> (select count(*) from "userCategories" u
        where u."categoryID" = k."categoryID" and u."followed" = 1)`,
  },
  {
    name: "users.countDiscussions",
    query: sql`select u."userID" as id, u."countDiscussions" as stored,
        (select count(*) from "discussions" d where d."insertUserID" = u."userID") as actual
      from "users" u where u."countDiscussions" <> (select count(*) from "discussions" d
        where d."insertUserID" = u."userID")`,
  },
  {
    name: "users.countComments",
    query: sql`select u."userID" as id, u."countComments" as stored,
        (select count(*) from "comments" c where c."insertUserID" = u."userID") as actual
      from "users" u where u."countComments" <> (select count(*) from "comments" c where c."insertUserID" = u."userID")`,
  },
  {
    name: "tags.countDiscussions",
    query: sql`select t."tagID" as id, t."countDiscussions" as stored,
        (select count(*) from "tagDiscussions" x where x."tagID" = t."tagID") as actual
      from "tags" t where t."countDiscussions" <> (select count(*) from "tagDiscussions" x where x."tagID" = t."tagID")`,
  },
  {
    name: "groups.countMembers",
    query: sql`select g."groupID" as id, g."countMembers" as stored,
        (select count(*) from "groupMembers" m where m."groupID" = g."groupID") as actual
      from "groups" g where g."countMembers" <> (select count(*) from "groupMembers" m where m."groupID" = g."groupID")`,
  },
  {
    name: "conversations.countMessages",
    query: sql`select v."conversationID" as id, v."countMessages" as stored,
        (select count(*) from "conversationMessages" m where m."conversationID" = v."conversationID") as actual
      from "conversations" v where v."countMessages" <> (select count(*) from "conversationMessages" m
        where m."conversationID" = v."conversationID")`,
  },
  {
    name: "conversations.lastMessageID",
    query: sql`select v."conversationID" as id, v."lastMessageID" as stored,
        (select max(m."messageID") from "conversationMessages" m where m."conversationID" = v."conversationID") as actual
      from "conversations" v where coalesce(v."lastMessageID", 0) <> coalesce((select max(m."messageID")
        from "conversationMessages" m where m."conversationID" = v."conversationID"), 0)`,
  },
  {
    name: "conversations.countParticipants",
    query: sql`select v."conversationID" as id, v."countParticipants" as stored,
        (select count(*) from "userConversations" p where p."conversationID" = v."conversationID" and p."deleted" = 0)
          as actual
      from "conversations" v where v."countParticipants" <> (select count(*) from "userConversations" p
        where p."conversationID" = v."conversationID" and p."deleted" = 0)`,
  },
];

/** Each stored counter that differs from its recount, as `name #id: stored X, recount Y` (empty: all exact). */
export async function counterMismatches(db: Kysely<DB>): Promise<string[]> {
  const out: string[] = [];
  for (const check of checks) {
    const { rows } = await check.query.execute(db);
    for (const row of rows)
      out.push(`${check.name} #${row.id}: stored ${String(row.stored)}, recount ${String(row.actual)}`);
  }
  return out;
}
