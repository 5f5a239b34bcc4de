import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/*
 * What the importer reads of the target database (it writes only through the owners' import operations):
 * which ids are there already, so a re-run skips them and says why.
 */

export async function existingUsers(db: Kysely<DB>, userIDs: number[]): Promise<Map<number, string>> {
  if (userIDs.length === 0) return new Map();
  const rows = await db.selectFrom("users").select(["userID", "name"]).where("userID", "in", userIDs).execute();
  return new Map(rows.map((row) => [row.userID, row.name]));
}

export async function countUsers(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Which of these categories, discussions or comments are in the target already, each with what tells whether it
 * is the same record (a category's urlcode; a post's author and date), so a re-run skips its own rows only.
 */
export async function existingRecords(
  db: Kysely<DB>,
  table: "categories" | "discussions" | "comments" | "tags" | "conversations" | "conversationMessages",
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const post = (row: { id: number; insertUserID: number; dateInserted: string }) =>
    [row.id, `${row.insertUserID}@${Date.parse(row.dateInserted)}`] as const;
  if (table === "tags") {
    const rows = await db.selectFrom("tags").select(["tagID", "urlcode"]).where("tagID", "in", ids).execute();
    return new Map(rows.map((row) => [row.tagID, row.urlcode.toLowerCase()]));
  }
  if (table === "conversations") {
    const rows = await db
      .selectFrom("conversations")
      .select(["conversationID as id", "insertUserID", "dateInserted"])
      .where("conversationID", "in", ids)
      .execute();
    return new Map(rows.map(post));
  }
  if (table === "conversationMessages") {
    const rows = await db
      .selectFrom("conversationMessages")
      .select(["messageID as id", "insertUserID", "dateInserted"])
      .where("messageID", "in", ids)
      .execute();
    return new Map(rows.map(post));
  }
  if (table === "categories") {
    const rows = await db
      .selectFrom("categories")
      .select(["categoryID", "urlcode"])
      .where("categoryID", "in", ids)
      .execute();
    return new Map(rows.map((row) => [row.categoryID, row.urlcode.toLowerCase()]));
  }
  if (table === "discussions") {
    const rows = await db
      .selectFrom("discussions")
      .select(["discussionID as id", "insertUserID", "dateInserted"])
      .where("discussionID", "in", ids)
      .execute();
    return new Map(rows.map(post));
  }
  const rows = await db
    .selectFrom("comments")
    .select(["commentID as id", "insertUserID", "dateInserted"])
    .where("commentID", "in", ids)
    .execute();
  return new Map(rows.map(post));
}

/** What `existingRecords` says of a post, for comparing the source's. */
export const postIdentity = (insertUserID: number, dateInserted: string) =>
  `${insertUserID}@${Date.parse(dateInserted)}`;

/** The role of this name (case-insensitive), for a dry run that creates none. */
export async function roleIdByName(db: Kysely<DB>, name: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("roles")
    .select("roleID")
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()))
    .executeTakeFirst();
  return row?.roleID;
}

/** The authors of these imported posts (a reaction records whose post it is), by id. */
export async function postAuthors(
  db: Kysely<DB>,
  table: "discussions" | "comments",
  ids: number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows =
    table === "discussions"
      ? await db
          .selectFrom("discussions")
          .select(["discussionID as id", "insertUserID"])
          .where("discussionID", "in", ids)
          .execute()
      : await db
          .selectFrom("comments")
          .select(["commentID as id", "insertUserID"])
          .where("commentID", "in", ids)
          .execute();
  return new Map(rows.map((row) => [row.id, row.insertUserID]));
}

/** The largest discussion or comment id in the target (0 for none): a moved record's new id goes past it. */
export async function largestID(db: Kysely<DB>, recordType: "discussion" | "comment"): Promise<number> {
  const row =
    recordType === "discussion"
      ? await db
          .selectFrom("discussions")
          .select((eb) => eb.fn.max("discussionID").as("n"))
          .executeTakeFirst()
      : await db
          .selectFrom("comments")
          .select((eb) => eb.fn.max("commentID").as("n"))
          .executeTakeFirst();
  return Number(row?.n ?? 0);
}
