import type { Kysely } from "kysely";
import { knowledgePaths } from "@parley/contracts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { DB } from "../../platform/db/schema.ts";
import { slugify } from "../discussions/index.ts";
import { knowledgePolicy } from "./knowledge.policy.ts";
import { LIVE_ARTICLE } from "./knowledge.tree.ts";

/**
 * The published articles of published knowledge bases the viewer may read (none without `kb.view`), in id
 * order, at most `limit`: each article's address (as its page names it) and when it last changed.
 */
export async function sitemapArticles(
  db: Kysely<DB>,
  viewer: Viewer,
  origin: string,
  limit: number,
): Promise<Array<{ url: string; lastActive: string }>> {
  if (!knowledgePolicy.can(viewer, "view")) return [];
  const rows = await db
    .selectFrom("articles")
    .innerJoin("knowledgeBases", "knowledgeBases.knowledgeBaseID", "articles.knowledgeBaseID")
    .select(["articles.articleID", "articles.name", "articles.dateInserted", "articles.dateUpdated"])
    .where("articles.status", "=", LIVE_ARTICLE)
    .where("knowledgeBases.status", "=", "published")
    .orderBy("articles.articleID")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    url: `${origin}${knowledgePaths.article(row.articleID, slugify(row.name))}`,
    lastActive: row.dateUpdated ?? row.dateInserted,
  }));
}
