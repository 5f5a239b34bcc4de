import { sql, type Kysely, type Selectable } from "kysely";
import type { ArticleSort, KnowledgeSort } from "@parley/contracts";
import type { ArticleRevisionsTable, ArticlesTable, DB } from "../../platform/db/schema.ts";
import { LIVE_ARTICLE } from "./knowledge.tree.ts";

export type ArticleRow = Selectable<ArticlesTable>;
export type ArticleInsert = Omit<ArticleRow, "articleID">;
export type ArticleRevisionRow = Selectable<ArticleRevisionsTable>;

export interface ArticleFilters {
  knowledgeCategoryID?: number;
  knowledgeBaseID?: number;
  statuses: string[];
  featured?: boolean;
  insertUserID?: number;
  /** Only these articles (a collection's). */
  articleIDs?: number[];
}

/** A `GET /articles` sort, or a base's or category's own order. */
export type ArticleOrder = { sort: ArticleSort } | { knowledgeSort: KnowledgeSort };

/** The helpful answers of an article. */
export interface HelpfulCounts {
  yes: number;
  no: number;
}

/** The only file with the articles' SQL (articles, their revisions and helpful answers; migration 0026). */
export function createArticlesRepo(db: Kysely<DB>) {
  const filtered = (filters: ArticleFilters) => {
    let query = db.selectFrom("articles").where("status", "in", filters.statuses);
    if (filters.knowledgeCategoryID !== undefined)
      query = query.where("knowledgeCategoryID", "=", filters.knowledgeCategoryID);
    if (filters.knowledgeBaseID !== undefined) query = query.where("knowledgeBaseID", "=", filters.knowledgeBaseID);
    if (filters.featured !== undefined) query = query.where("featured", "=", filters.featured ? 1 : 0);
    if (filters.insertUserID !== undefined) query = query.where("insertUserID", "=", filters.insertUserID);
    if (filters.articleIDs !== undefined)
      query = filters.articleIDs.length
        ? query.where("articleID", "in", filters.articleIDs)
        : query.where(sql<boolean>`1 = 0`);
    return query;
  };
  return {
    withTransaction: (trx: Kysely<DB>) => createArticlesRepo(trx),

    find: (articleID: number) =>
      db.selectFrom("articles").selectAll().where("articleID", "=", articleID).executeTakeFirst(),

    list(filters: ArticleFilters, order: ArticleOrder, offset: number, limit: number) {
      let query = filtered(filters).selectAll();
      if ("sort" in order) {
        const direction = order.sort.startsWith("-") ? "desc" : "asc";
        const field = order.sort.replace(/^-/, "");
        query =
          field === "name"
            ? query.orderBy("name", direction)
            : field === "dateUpdated"
              ? query.orderBy(sql`coalesce("dateUpdated", "dateInserted")`, direction)
              : query.orderBy("dateInserted", direction);
        query = query.orderBy("articleID", direction);
      } else {
        switch (order.knowledgeSort) {
          case "name":
            query = query.orderBy("name").orderBy("articleID");
            break;
          case "dateInsertedDesc":
            query = query.orderBy("dateInserted", "desc").orderBy("articleID", "desc");
            break;
          case "dateInserted":
            query = query.orderBy("dateInserted").orderBy("articleID");
            break;
          default:
            query = query
              .orderBy((eb) => eb.case().when("sort", "is", null).then(1).else(0).end())
              .orderBy("sort")
              .orderBy("dateInserted")
              .orderBy("articleID");
        }
      }
      return query.offset(offset).limit(limit).execute();
    },

    async count(filters: ArticleFilters): Promise<number> {
      const row = await filtered(filters)
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** A base's published articles, what its navigation needs of them. */
    navigationOf: (knowledgeBaseID: number) =>
      db
        .selectFrom("articles")
        .select(["articleID", "knowledgeCategoryID", "name", "sort", "dateInserted"])
        .where("knowledgeBaseID", "=", knowledgeBaseID)
        .where("status", "=", LIVE_ARTICLE)
        .execute(),

    async insert(row: ArticleInsert): Promise<number> {
      const inserted = await db.insertInto("articles").values(row).returning("articleID").executeTakeFirstOrThrow();
      return inserted.articleID;
    },

    async update(articleID: number, changes: Partial<ArticleInsert>): Promise<void> {
      await db.updateTable("articles").set(changes).where("articleID", "=", articleID).execute();
    },

    /** Saves a new current revision; the one before becomes `previous`. */
    async saveRevision(row: Omit<ArticleRevisionRow, "articleRevisionID" | "status">): Promise<number> {
      await db
        .updateTable("articleRevisions")
        .set({ status: "previous" })
        .where("articleID", "=", row.articleID)
        .where("status", "=", "published")
        .execute();
      const inserted = await db
        .insertInto("articleRevisions")
        .values({ ...row, status: "published" })
        .returning("articleRevisionID")
        .executeTakeFirstOrThrow();
      return inserted.articleRevisionID;
    },

    /** An article's revisions, newest first. */
    revisions: (articleID: number) =>
      db
        .selectFrom("articleRevisions")
        .selectAll()
        .where("articleID", "=", articleID)
        .orderBy("articleRevisionID", "desc")
        .execute(),

    /** Sets (or changes) a member's answer. */
    async react(articleID: number, userID: number, helpful: "yes" | "no", date: string): Promise<void> {
      await db
        .insertInto("articleReactions")
        .values({ articleID, userID, helpful, dateInserted: date })
        .onConflict((conflict) =>
          conflict.columns(["articleID", "userID"]).doUpdateSet({ helpful, dateInserted: date }),
        )
        .execute();
    },

    /** The answers of several articles, and the viewer's own (two grouped queries at most). */
    async helpful(
      articleIDs: number[],
      userID: number,
    ): Promise<{ counts: Map<number, HelpfulCounts>; mine: Map<number, "yes" | "no"> }> {
      const counts = new Map<number, HelpfulCounts>();
      const mine = new Map<number, "yes" | "no">();
      if (!articleIDs.length) return { counts, mine };
      const [rows, own] = await Promise.all([
        db
          .selectFrom("articleReactions")
          .select(({ fn }) => ["articleID", "helpful", fn.countAll<number>().as("count")])
          .where("articleID", "in", articleIDs)
          .groupBy(["articleID", "helpful"])
          .execute(),
        userID > 0
          ? db
              .selectFrom("articleReactions")
              .select(["articleID", "helpful"])
              .where("articleID", "in", articleIDs)
              .where("userID", "=", userID)
              .execute()
          : Promise.resolve([]),
      ]);
      for (const row of rows) {
        const entry = counts.get(row.articleID) ?? { yes: 0, no: 0 };
        if (row.helpful === "yes") entry.yes = Number(row.count);
        else entry.no = Number(row.count);
        counts.set(row.articleID, entry);
      }
      for (const row of own) mine.set(row.articleID, row.helpful === "yes" ? "yes" : "no");
      return { counts, mine };
    },
  };
}

export type ArticlesRepo = ReturnType<typeof createArticlesRepo>;
