import { sql, type Kysely } from "kysely";
import { ROOT_CATEGORY_ID } from "@parley/contracts";
import type { DialectName } from "../../platform/db/database.ts";
import type { DB } from "../../platform/db/schema.ts";
import { normalizeFormat, toPlainText } from "../../platform/render/index.ts";
import type { Executor, SearchDocument } from "./search.driver.ts";
import { storableSearchText } from "./search.text.ts";

/** Bodies are indexed up to this many characters (a post is at most a few times this). */
const MAX_INDEXED = 20_000;

export type RecordKey = { recordType: string; recordID: number };

/** The posts' keys in date order, read a slice at a time. */
export interface PostKeys {
  length: number;
  slice(start: number, end: number): RecordKey[];
}

/** Rows read at a time when listing every post's key. */
const KEY_PAGE = 20_000;

/** A post's searchable text: the one render pipeline's plain text (never the source markup). */
function plainBody(body: string, format: string): string {
  const postFormat = normalizeFormat(format);
  let text: string;
  try {
    text = postFormat ? toPlainText(body, postFormat) : body;
  } catch {
    text = body;
  }
  return storableSearchText(text).slice(0, MAX_INDEXED);
}

/**
 * The search index's data access: loading records as documents, the queue the content tables'
 * triggers fill, and the bulk reads of a full rebuild.
 */
export function createSearchRepo(db: Kysely<DB>, dialect: DialectName) {
  async function discussionDocs(executor: Executor, ids: number[]): Promise<SearchDocument[]> {
    if (!ids.length) return [];
    const rows = await executor
      .selectFrom("discussions")
      .select([
        "discussionID",
        "categoryID",
        "insertUserID",
        "type",
        "name",
        "body",
        "format",
        "dateInserted",
        "dateUpdated",
      ])
      .where("discussionID", "in", ids)
      .execute();
    return rows.map((row) => ({
      recordType: "discussion",
      recordID: row.discussionID,
      discussionID: row.discussionID,
      categoryID: row.categoryID,
      insertUserID: row.insertUserID,
      type: row.type || "discussion",
      name: storableSearchText(row.name),
      body: plainBody(row.body, row.format),
      dateInserted: row.dateInserted,
      dateUpdated: row.dateUpdated,
    }));
  }

  async function commentDocs(executor: Executor, ids: number[]): Promise<SearchDocument[]> {
    if (!ids.length) return [];
    const rows = await executor
      .selectFrom("comments as c")
      .innerJoin("discussions as p", "p.discussionID", "c.discussionID")
      .select([
        "c.commentID",
        "c.discussionID",
        "p.categoryID",
        "c.insertUserID",
        "c.body",
        "c.format",
        "c.dateInserted",
        "c.dateUpdated",
      ])
      .where("c.commentID", "in", ids)
      .execute();
    return rows.map(commentDoc);
  }

  async function userDocs(executor: Executor, ids: number[]): Promise<SearchDocument[]> {
    if (!ids.length) return [];
    const rows = await executor
      .selectFrom("users")
      .select(["userID", "name", "dateInserted", "dateUpdated"])
      .where("userID", "in", ids)
      .where("deleted", "=", 0)
      .execute();
    return rows.map(userDoc);
  }

  async function categoryDocs(executor: Executor, ids: number[]): Promise<SearchDocument[]> {
    if (!ids.length) return [];
    const rows = await executor
      .selectFrom("categories")
      .select(["categoryID", "name", "description", "insertUserID", "dateInserted", "dateUpdated"])
      .where("categoryID", "in", ids)
      .where("categoryID", "<>", ROOT_CATEGORY_ID)
      // Groups' categories and their "Social Groups" parent are never listed as categories: the groups are found as groups.
      .where("groupID", "is", null)
      .execute();
    return rows.map((row) => ({
      recordType: "category",
      recordID: row.categoryID,
      discussionID: null,
      categoryID: row.categoryID,
      insertUserID: row.insertUserID,
      type: "category",
      name: storableSearchText(row.name),
      body: plainBody(row.description ?? "", "text"),
      dateInserted: row.dateInserted,
      dateUpdated: row.dateUpdated,
    }));
  }

  /** Knowledge-base articles: only those readers see (not deleted, in a published base). */
  async function articleDocs(executor: Executor, ids: number[]): Promise<SearchDocument[]> {
    if (!ids.length) return [];
    const rows = await executor
      .selectFrom("articles as a")
      .innerJoin("knowledgeBases as b", "b.knowledgeBaseID", "a.knowledgeBaseID")
      .select(["a.articleID", "a.insertUserID", "a.name", "a.body", "a.format", "a.dateInserted", "a.dateUpdated"])
      .where("a.articleID", "in", ids)
      .where("a.status", "<>", "deleted")
      .where("b.status", "=", "published")
      .execute();
    return rows.map((row) => ({
      recordType: "article",
      recordID: row.articleID,
      discussionID: null,
      categoryID: null,
      insertUserID: row.insertUserID,
      type: "article",
      name: storableSearchText(row.name),
      body: plainBody(row.body, row.format),
      dateInserted: row.dateInserted,
      dateUpdated: row.dateUpdated,
    }));
  }

  /**
   * Groups, by name and description. Who finds one follows its privacy, through the category the document
   * gives the search's permission filter: public and private groups are listed to everyone (their name and
   * description are no secret), so theirs is the "Social Groups" parent, which every viewer who may read the
   * site's discussions may view; a secret group's is its own category, which only its members and
   * `groups.moderate` may view (groups.permissions.ts). Any other privacy is taken as secret.
   */
  async function groupDocs(executor: Executor, ids: number[]): Promise<SearchDocument[]> {
    if (!ids.length) return [];
    const rows = await executor
      .selectFrom("groups")
      .select([
        "groupID",
        "categoryID",
        "privacy",
        "insertUserID",
        "name",
        "description",
        "dateInserted",
        "dateUpdated",
      ])
      .where("groupID", "in", ids)
      .execute();
    if (!rows.length) return [];
    const parent = await executor
      .selectFrom("categories")
      .select("categoryID")
      .where("groupID", "=", 0)
      .executeTakeFirst();
    return rows.map((row) => ({
      recordType: "group",
      recordID: row.groupID,
      discussionID: null,
      categoryID:
        (row.privacy === "public" || row.privacy === "private") && parent ? parent.categoryID : row.categoryID,
      insertUserID: row.insertUserID,
      type: "group",
      name: storableSearchText(row.name),
      body: plainBody(row.description, "text"),
      dateInserted: row.dateInserted,
      dateUpdated: row.dateUpdated,
    }));
  }

  const loaders: Record<string, (executor: Executor, ids: number[]) => Promise<SearchDocument[]>> = {
    discussion: discussionDocs,
    comment: commentDocs,
    user: userDocs,
    category: categoryDocs,
    article: articleDocs,
    group: groupDocs,
  };

  return {
    db,

    /** Takes up to `limit` queued records off the queue (inside the caller's transaction). */
    async takeQueued(executor: Executor, limit: number): Promise<RecordKey[]> {
      if (dialect === "postgres") {
        const result = await sql<RecordKey>`delete from "searchQueue" where "queueID" in (
            select "queueID" from "searchQueue" order by "queueID" limit ${limit} for update skip locked)
          returning "recordType", "recordID"`.execute(executor);
        return result.rows;
      }
      const rows = await executor
        .selectFrom("searchQueue")
        .select(["queueID", "recordType", "recordID"])
        .orderBy("queueID")
        .limit(limit)
        .execute();
      if (rows.length) await executor.deleteFrom("searchQueue").where("queueID", "<=", rows.at(-1)!.queueID).execute();
      return rows;
    },

    /** The records as documents now; those gone (or not searchable) are missing from the answer. */
    async load(executor: Executor, records: RecordKey[]): Promise<SearchDocument[]> {
      const byType = new Map<string, number[]>();
      for (const { recordType, recordID } of records)
        byType.set(recordType, [...(byType.get(recordType) ?? []), recordID]);
      const out: SearchDocument[] = [];
      for (const [recordType, ids] of byType) {
        const loader = loaders[recordType];
        if (loader) out.push(...(await loader(executor, [...new Set(ids)])));
      }
      return out;
    },

    /** A discussion moved: its comments' documents follow it to its category (rights come from there). */
    async syncCommentCategories(executor: Executor, discussionIDs: number[]): Promise<void> {
      if (!discussionIDs.length) return;
      await sql`update "searchDocuments" set "categoryID" = (
          select p."categoryID" from "discussions" p where p."discussionID" = "searchDocuments"."discussionID")
        where "recordType" = 'comment' and "discussionID" in (${sql.join(discussionIDs)})`.execute(executor);
    },

    /** The queue's last id: a rebuild covers everything queued up to it. */
    async queueHead(): Promise<number> {
      const row = await db
        .selectFrom("searchQueue")
        .select((eb) => eb.fn.max("queueID").as("max"))
        .executeTakeFirst();
      return Number(row?.max ?? 0);
    },

    async dropQueuedUpTo(queueID: number): Promise<void> {
      await db.deleteFrom("searchQueue").where("queueID", "<=", queueID).execute();
    },

    async countSources(): Promise<number> {
      const counts = await Promise.all(
        (["discussions", "comments", "users", "categories", "articles", "groups"] as const).map((table) =>
          db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("count"))
            .executeTakeFirstOrThrow(),
        ),
      );
      return counts.reduce((sum, row) => sum + Number(row.count), 0);
    },

    /** Every record of a type as documents, in batches by key (a full rebuild). */
    async *allDocuments(
      recordType: "discussion" | "comment" | "user" | "category" | "article" | "group",
      batch: number,
    ) {
      const table = {
        discussion: "discussions",
        comment: "comments",
        user: "users",
        category: "categories",
        article: "articles",
        group: "groups",
      } as const;
      const key = {
        discussion: "discussionID",
        comment: "commentID",
        user: "userID",
        category: "categoryID",
        article: "articleID",
        group: "groupID",
      } as const;
      let after = -2_147_483_648; // the smallest integer key (the root category is -1)
      for (;;) {
        const ids = (
          await db
            .selectFrom(table[recordType])
            .select(sql<number>`${sql.ref(key[recordType])}`.as("id"))
            .where(sql.ref(key[recordType]), ">", after)
            .orderBy(sql.ref(key[recordType]))
            .limit(batch)
            .execute()
        ).map((row) => Number(row.id));
        if (!ids.length) return;
        after = ids.at(-1)!;
        yield { count: ids.length, documents: await loaders[recordType]!(db, ids) };
      }
    },

    /**
     * Every discussion and comment key, oldest first: a rebuild adds them in the order they were
     * written, so the index's own order is the date order (what common-word searches read by). Read by
     * primary key in pages and held in typed arrays (13 bytes a post, not a row object each), so a
     * million posts take about 13 MB.
     */
    async postKeysByDate(): Promise<PostKeys> {
      const counts = await Promise.all(
        (["discussions", "comments"] as const).map((table) =>
          db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .executeTakeFirstOrThrow(),
        ),
      );
      // Rows written while this runs are left to the queue (the rebuild drops only what was queued before it).
      const capacity = counts.reduce((sum, row) => sum + Number(row.n), 0) + KEY_PAGE;
      const at = new Float64Array(capacity);
      const ids = new Float64Array(capacity);
      const comment = new Uint8Array(capacity);
      let length = 0;
      for (const [table, idColumn] of [
        ["discussions", "discussionID"],
        ["comments", "commentID"],
      ] as const) {
        let after = 0;
        for (;;) {
          const rows = (await db
            .selectFrom(table)
            .select([`${idColumn} as id`, "dateInserted"])
            .where(idColumn, ">", after)
            .orderBy(idColumn)
            .limit(KEY_PAGE)
            .execute()) as Array<{ id: number; dateInserted: string }>;
          for (const row of rows) {
            if (length === capacity) break;
            at[length] = Date.parse(row.dateInserted);
            ids[length] = Number(row.id);
            comment[length] = table === "comments" ? 1 : 0;
            length += 1;
          }
          if (rows.length < KEY_PAGE || length === capacity) break;
          after = Number(rows.at(-1)!.id);
        }
      }
      const order = new Uint32Array(length);
      for (let index = 0; index < length; index += 1) order[index] = index;
      // The same date: discussions before comments, then by id.
      order.sort((a, b) => at[a]! - at[b]! || comment[a]! - comment[b]! || ids[a]! - ids[b]!);
      return {
        length,
        slice: (start, end) =>
          Array.from(order.subarray(start, Math.min(end, length)), (index) => ({
            recordType: comment[index] ? "comment" : "discussion",
            recordID: ids[index]!,
          })),
      };
    },

    /** Runs `fn` in one transaction. */
    transaction<T>(fn: (executor: Executor) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },
  };
}

function commentDoc(row: {
  commentID: number;
  discussionID: number;
  categoryID: number;
  insertUserID: number;
  body: string;
  format: string;
  dateInserted: string;
  dateUpdated: string | null;
}): SearchDocument {
  return {
    recordType: "comment",
    recordID: row.commentID,
    discussionID: row.discussionID,
    categoryID: row.categoryID,
    insertUserID: row.insertUserID,
    type: "comment",
    name: "",
    body: plainBody(row.body, row.format),
    dateInserted: row.dateInserted,
    dateUpdated: row.dateUpdated,
  };
}

function userDoc(row: {
  userID: number;
  name: string;
  dateInserted: string;
  dateUpdated: string | null;
}): SearchDocument {
  return {
    recordType: "user",
    recordID: row.userID,
    discussionID: null,
    categoryID: null,
    insertUserID: row.userID,
    type: "user",
    name: storableSearchText(row.name),
    body: "",
    dateInserted: row.dateInserted,
    dateUpdated: row.dateUpdated,
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
