import type { Kysely, Selectable } from "kysely";
import type { DB, KnowledgeCategoriesTable } from "../../platform/db/schema.ts";
import { LIVE_ARTICLE } from "./knowledge.tree.ts";

export type KnowledgeCategoryRow = Selectable<KnowledgeCategoriesTable>;
export type KnowledgeCategoryInsert = Omit<KnowledgeCategoryRow, "knowledgeCategoryID">;

export interface KnowledgeCategoryFilters {
  knowledgeBaseIDs: number[];
  parentID?: number;
}

/** The only file with the knowledge categories' SQL (migration 0026). */
export function createKnowledgeCategoriesRepo(db: Kysely<DB>) {
  const filtered = (filters: KnowledgeCategoryFilters) => {
    let query = db.selectFrom("knowledgeCategories").where("knowledgeBaseID", "in", filters.knowledgeBaseIDs);
    if (filters.parentID !== undefined) query = query.where("parentID", "=", filters.parentID);
    return query;
  };
  return {
    withTransaction: (trx: Kysely<DB>) => createKnowledgeCategoriesRepo(trx),

    find: (knowledgeCategoryID: number) =>
      db
        .selectFrom("knowledgeCategories")
        .selectAll()
        .where("knowledgeCategoryID", "=", knowledgeCategoryID)
        .executeTakeFirst(),

    /** A page of categories, in base then tree order (parent, then `sort`, then name). */
    list(filters: KnowledgeCategoryFilters, offset: number, limit: number) {
      if (!filters.knowledgeBaseIDs.length) return Promise.resolve([]);
      return filtered(filters)
        .selectAll()
        .orderBy("knowledgeBaseID")
        .orderBy("parentID")
        .orderBy((eb) => eb.case().when("sort", "is", null).then(1).else(0).end())
        .orderBy("sort")
        .orderBy("name")
        .orderBy("knowledgeCategoryID")
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async count(filters: KnowledgeCategoryFilters): Promise<number> {
      if (!filters.knowledgeBaseIDs.length) return 0;
      const row = await filtered(filters)
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Every category of some bases (their trees). */
    ofBases: (knowledgeBaseIDs: number[]) =>
      knowledgeBaseIDs.length
        ? db.selectFrom("knowledgeCategories").selectAll().where("knowledgeBaseID", "in", knowledgeBaseIDs).execute()
        : Promise.resolve([]),

    /** Published articles directly in each category of some bases (one grouped query). */
    async articleCounts(knowledgeBaseIDs: number[]): Promise<Map<number, number>> {
      if (!knowledgeBaseIDs.length) return new Map();
      const rows = await db
        .selectFrom("articles")
        .select(({ fn }) => ["knowledgeCategoryID", fn.countAll<number>().as("count")])
        .where("knowledgeBaseID", "in", knowledgeBaseIDs)
        .where("status", "=", LIVE_ARTICLE)
        .groupBy("knowledgeCategoryID")
        .execute();
      return new Map(rows.map((row) => [row.knowledgeCategoryID, Number(row.count)]));
    },

    /** Whether any article, whatever its status, is in the category. */
    async hasArticles(knowledgeCategoryID: number): Promise<boolean> {
      const row = await db
        .selectFrom("articles")
        .select("articleID")
        .where("knowledgeCategoryID", "=", knowledgeCategoryID)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(row: KnowledgeCategoryInsert): Promise<number> {
      const inserted = await db
        .insertInto("knowledgeCategories")
        .values(row)
        .returning("knowledgeCategoryID")
        .executeTakeFirstOrThrow();
      return inserted.knowledgeCategoryID;
    },

    async update(knowledgeCategoryID: number, changes: Partial<KnowledgeCategoryInsert>): Promise<void> {
      await db
        .updateTable("knowledgeCategories")
        .set(changes)
        .where("knowledgeCategoryID", "=", knowledgeCategoryID)
        .execute();
    },

    async remove(knowledgeCategoryID: number): Promise<void> {
      await db.deleteFrom("knowledgeCategories").where("knowledgeCategoryID", "=", knowledgeCategoryID).execute();
    },
  };
}

export type KnowledgeCategoriesRepo = ReturnType<typeof createKnowledgeCategoriesRepo>;
