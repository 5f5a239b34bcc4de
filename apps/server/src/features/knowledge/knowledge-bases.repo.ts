import type { Kysely, Selectable } from "kysely";
import type { DB, KnowledgeBasesTable } from "../../platform/db/schema.ts";
import { LIVE_ARTICLE } from "./knowledge.tree.ts";

export type KnowledgeBaseRow = Selectable<KnowledgeBasesTable>;
export type KnowledgeBaseInsert = Omit<KnowledgeBaseRow, "knowledgeBaseID">;

/** A base's counts: published articles, and categories below its root. */
export interface KnowledgeBaseCounts {
  countArticles: number;
  countCategories: number;
}

/** The only file with the knowledge bases' SQL (migration 0026). */
export function createKnowledgeBasesRepo(db: Kysely<DB>) {
  return {
    withTransaction: (trx: Kysely<DB>) => createKnowledgeBasesRepo(trx),

    list(filters: { statuses: string[]; sourceLocale?: string }) {
      let query = db.selectFrom("knowledgeBases").selectAll().where("status", "in", filters.statuses);
      if (filters.sourceLocale !== undefined) query = query.where("sourceLocale", "=", filters.sourceLocale);
      return query.orderBy("knowledgeBaseID").execute();
    },

    find: (knowledgeBaseID: number) =>
      db.selectFrom("knowledgeBases").selectAll().where("knowledgeBaseID", "=", knowledgeBaseID).executeTakeFirst(),

    findByIds: (ids: number[]) =>
      ids.length
        ? db.selectFrom("knowledgeBases").selectAll().where("knowledgeBaseID", "in", ids).execute()
        : Promise.resolve([]),

    /** The base using a url code, but `exceptID`. */
    async urlCodeTaken(urlCode: string, exceptID?: number): Promise<boolean> {
      let query = db.selectFrom("knowledgeBases").select("knowledgeBaseID").where("urlCode", "=", urlCode);
      if (exceptID !== undefined) query = query.where("knowledgeBaseID", "<>", exceptID);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Counts of several bases: two grouped queries, whatever their number. */
    async counts(ids: number[]): Promise<Map<number, KnowledgeBaseCounts>> {
      const counts = new Map(ids.map((id) => [id, { countArticles: 0, countCategories: 0 }]));
      if (!ids.length) return counts;
      const [articles, categories] = await Promise.all([
        db
          .selectFrom("articles")
          .select(({ fn }) => ["knowledgeBaseID", fn.countAll<number>().as("count")])
          .where("knowledgeBaseID", "in", ids)
          .where("status", "=", LIVE_ARTICLE)
          .groupBy("knowledgeBaseID")
          .execute(),
        db
          .selectFrom("knowledgeCategories")
          .select(({ fn }) => ["knowledgeBaseID", fn.countAll<number>().as("count")])
          .where("knowledgeBaseID", "in", ids)
          .where("parentID", "<>", -1)
          .groupBy("knowledgeBaseID")
          .execute(),
      ]);
      for (const row of articles) counts.get(row.knowledgeBaseID)!.countArticles = Number(row.count);
      for (const row of categories) counts.get(row.knowledgeBaseID)!.countCategories = Number(row.count);
      return counts;
    },

    /** Articles of a base, whatever their status (a base with any cannot be deleted). */
    async countAllArticles(knowledgeBaseID: number): Promise<number> {
      const row = await db
        .selectFrom("articles")
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .where("knowledgeBaseID", "=", knowledgeBaseID)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async insert(row: KnowledgeBaseInsert): Promise<number> {
      const inserted = await db
        .insertInto("knowledgeBases")
        .values(row)
        .returning("knowledgeBaseID")
        .executeTakeFirstOrThrow();
      return inserted.knowledgeBaseID;
    },

    async update(knowledgeBaseID: number, changes: Partial<KnowledgeBaseInsert>): Promise<void> {
      await db.updateTable("knowledgeBases").set(changes).where("knowledgeBaseID", "=", knowledgeBaseID).execute();
    },

    /** Deletes a base without articles, and its categories. */
    async remove(knowledgeBaseID: number): Promise<void> {
      await db.deleteFrom("knowledgeCategories").where("knowledgeBaseID", "=", knowledgeBaseID).execute();
      await db.deleteFrom("knowledgeBases").where("knowledgeBaseID", "=", knowledgeBaseID).execute();
    },
  };
}

export type KnowledgeBasesRepo = ReturnType<typeof createKnowledgeBasesRepo>;
