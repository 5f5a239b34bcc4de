import type {
  KnowledgeBase,
  KnowledgeBaseListQuery,
  KnowledgeBasePatch,
  KnowledgeBasePost,
  KnowledgeNavigationItem,
  KnowledgeSort,
} from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import { conflict, fieldError, validationFailed } from "../../platform/errors.ts";
import { plainTitle } from "../../platform/text.ts";
import type { ArticlesRepo } from "./articles.repo.ts";
import { articleUrl } from "./articles.present.ts";
import type { KnowledgeBaseInsert, KnowledgeBaseRow, KnowledgeBasesRepo } from "./knowledge-bases.repo.ts";
import type { KnowledgeCategoriesRepo, KnowledgeCategoryRow } from "./knowledge-categories.repo.ts";
import type { KnowledgeLoader } from "./knowledge.loader.ts";
import { knowledgePolicy as policy } from "./knowledge.policy.ts";
import "./knowledge.events.ts";
import { categoryUrl, presentKnowledgeBase } from "./knowledge.present.ts";
import { compareArticles, ROOT_PARENT_ID, type TreeNode } from "./knowledge.tree.ts";
import type { RequestContext as KnowledgeContext } from "../../platform/http/request-context.ts";

export interface KnowledgeBasesDeps {
  platform: Platform;
  bases: KnowledgeBasesRepo;
  categories: KnowledgeCategoriesRepo;
  articles: ArticlesRepo;
  loader: KnowledgeLoader;
}

const DEFAULT_LOCALE = "en";

/** Knowledge bases: listed for readers, created, changed and deleted with site.manage. */
export function createKnowledgeBasesService({ platform, bases, categories, articles, loader }: KnowledgeBasesDeps) {
  async function presentMany(rows: KnowledgeBaseRow[], origin: string): Promise<KnowledgeBase[]> {
    const counts = await bases.counts(rows.map((row) => row.knowledgeBaseID));
    return rows.map((row) => presentKnowledgeBase(row, counts.get(row.knowledgeBaseID)!, origin));
  }

  const nameOf = (name: string) => {
    const title = plainTitle(name);
    if (!title) throw validationFailed([fieldError("name", "missingField", "name is required.", 422)]);
    return title;
  };

  async function checkUrlCode(urlCode: string, exceptID?: number) {
    if (await bases.urlCodeTaken(urlCode, exceptID))
      throw validationFailed([fieldError("urlCode", "invalid", `The url code "${urlCode}" is already in use.`, 422)]);
  }

  return {
    async list(query: KnowledgeBaseListQuery, context: KnowledgeContext): Promise<KnowledgeBase[]> {
      policy.authorize(context.viewer, "view");
      const status = query.status ?? "published";
      if (status !== "published") policy.authorize(context.viewer, "write");
      const rows = await bases.list({
        statuses: [status],
        ...(query.sourceLocale !== undefined ? { sourceLocale: query.sourceLocale } : {}),
      });
      return presentMany(rows, context.origin);
    },

    /** The published bases among `ids`, as `GET /knowledge-bases` presents them (a collection's); none without `kb.view`. */
    async presentByIDs(ids: number[], context: KnowledgeContext): Promise<Array<[number, KnowledgeBase]>> {
      if (!ids.length || !policy.can(context.viewer, "view")) return [];
      const rows = (await bases.findByIds(ids)).filter((base) => base.status === "published");
      return (await presentMany(rows, context.origin)).map((base) => [base.knowledgeBaseID, base]);
    },

    async get(knowledgeBaseID: number, context: KnowledgeContext): Promise<KnowledgeBase> {
      const base = await loader.base(knowledgeBaseID, context.viewer);
      return (await presentMany([base], context.origin))[0]!;
    },

    /** A base and its root category, in one transaction. */
    async create(body: KnowledgeBasePost, context: KnowledgeContext): Promise<KnowledgeBase> {
      const { viewer } = context;
      policy.authorize(viewer, "manageBases");
      const name = nameOf(body.name);
      await checkUrlCode(body.urlCode);
      const now = platform.clock.nowIso();
      const knowledgeBaseID = await platform.db.transaction().execute(async (trx) => {
        const scopedBases = bases.withTransaction(trx);
        const id = await scopedBases.insert({
          name,
          description: body.description,
          urlCode: body.urlCode,
          viewType: body.viewType,
          sortArticles: body.sortArticles ?? (body.viewType === "guide" ? "manual" : "dateInsertedDesc"),
          icon: body.icon ?? "",
          bannerImage: body.bannerImage ?? "",
          sourceLocale: body.sourceLocale ?? DEFAULT_LOCALE,
          rootCategoryID: 0,
          defaultArticleID: null,
          status: "published",
          insertUserID: viewer.userID,
          dateInserted: now,
          updateUserID: null,
          dateUpdated: null,
        });
        const rootCategoryID = await categories.withTransaction(trx).insert({
          knowledgeBaseID: id,
          parentID: ROOT_PARENT_ID,
          name,
          sort: null,
          sortChildren: null,
          insertUserID: viewer.userID,
          dateInserted: now,
          updateUserID: null,
          dateUpdated: null,
        });
        await scopedBases.update(id, { rootCategoryID });
        return id;
      });
      await platform.events.emit("knowledge.changed", { knowledgeBaseID, actorUserID: viewer.userID });
      return (await presentMany([(await bases.find(knowledgeBaseID))!], context.origin))[0]!;
    },

    async update(knowledgeBaseID: number, body: KnowledgeBasePatch, context: KnowledgeContext): Promise<KnowledgeBase> {
      const { viewer } = context;
      policy.authorize(viewer, "manageBases");
      const base = await loader.base(knowledgeBaseID, viewer);
      if (body.urlCode !== undefined) await checkUrlCode(body.urlCode, knowledgeBaseID);
      if (body.defaultArticleID !== undefined && body.defaultArticleID !== null) {
        const article = await articles.find(body.defaultArticleID);
        if (!article || article.knowledgeBaseID !== knowledgeBaseID)
          throw validationFailed([
            fieldError("defaultArticleID", "invalid", "The article is not in this knowledge base.", 422),
          ]);
      }
      // Field by field: a body is never spread into a row (its root category or author are not the client's to set).
      const changes: Partial<KnowledgeBaseInsert> = {
        updateUserID: viewer.userID,
        dateUpdated: platform.clock.nowIso(),
      };
      if (body.name !== undefined) changes.name = nameOf(body.name);
      if (body.description !== undefined) changes.description = body.description;
      if (body.urlCode !== undefined) changes.urlCode = body.urlCode;
      if (body.viewType !== undefined) changes.viewType = body.viewType;
      if (body.sortArticles !== undefined) changes.sortArticles = body.sortArticles;
      if (body.icon !== undefined) changes.icon = body.icon;
      if (body.bannerImage !== undefined) changes.bannerImage = body.bannerImage;
      if (body.sourceLocale !== undefined) changes.sourceLocale = body.sourceLocale;
      if (body.status !== undefined) changes.status = body.status;
      if (body.defaultArticleID !== undefined) changes.defaultArticleID = body.defaultArticleID;
      await platform.db.transaction().execute(async (trx) => {
        await bases.withTransaction(trx).update(knowledgeBaseID, changes);
        // The root category carries the base's name.
        if (changes.name !== undefined)
          await categories.withTransaction(trx).update(base.rootCategoryID, { name: changes.name });
      });
      await platform.events.emit("knowledge.changed", { knowledgeBaseID, actorUserID: viewer.userID });
      return (await presentMany([(await bases.find(knowledgeBaseID))!], context.origin))[0]!;
    },

    /** Deletes a base that holds no article (in any status), with its categories. */
    async remove(knowledgeBaseID: number, context: KnowledgeContext): Promise<void> {
      policy.authorize(context.viewer, "manageBases");
      await loader.base(knowledgeBaseID, context.viewer);
      await platform.db.transaction().execute(async (trx) => {
        const scoped = bases.withTransaction(trx);
        const count = await scoped.countAllArticles(knowledgeBaseID);
        if (count > 0)
          throw conflict(
            "This knowledge base still has articles.",
            `Move or delete its ${count} article${count === 1 ? "" : "s"} first, or set its status to deleted.`,
          );
        await scoped.remove(knowledgeBaseID);
      });
      await platform.events.emit("knowledge.changed", { knowledgeBaseID, actorUserID: context.viewer.userID });
    },

    /**
     * Every category and published article of a base, depth first: each category, then its articles (in
     * its `sortChildren` order, else the base's `sortArticles`), then its child categories by `sort` and name.
     * The root category's own articles come first.
     */
    async navigation(knowledgeBaseID: number, context: KnowledgeContext): Promise<KnowledgeNavigationItem[]> {
      const base = await loader.base(knowledgeBaseID, context.viewer);
      const { origin } = context;
      const [tree, rows] = await Promise.all([loader.trees([knowledgeBaseID]), articles.navigationOf(knowledgeBaseID)]);
      const byCategory = new Map<number, typeof rows>();
      for (const row of rows)
        byCategory.set(row.knowledgeCategoryID, [...(byCategory.get(row.knowledgeCategoryID) ?? []), row]);
      const items: KnowledgeNavigationItem[] = [];
      const visit = (node: TreeNode<KnowledgeCategoryRow>, isRoot: boolean) => {
        const { row } = node;
        if (!isRoot)
          items.push({
            recordType: "knowledgeCategory",
            recordID: row.knowledgeCategoryID,
            name: row.name,
            url: categoryUrl(origin, row, base),
            parentID: row.parentID,
            knowledgeCategoryID: row.knowledgeCategoryID,
            sort: row.sort,
          });
        const sort = (row.sortChildren ?? base.sortArticles) as KnowledgeSort;
        for (const article of [...(byCategory.get(row.knowledgeCategoryID) ?? [])].sort(compareArticles(sort))) {
          items.push({
            recordType: "article",
            recordID: article.articleID,
            name: article.name,
            url: articleUrl(origin, article),
            parentID: row.knowledgeCategoryID,
            knowledgeCategoryID: row.knowledgeCategoryID,
            sort: article.sort,
          });
        }
        for (const child of node.children) visit(child, false);
      };
      const root = tree.byID.get(base.rootCategoryID);
      if (root) visit(root, true);
      return items;
    },
  };
}

export type KnowledgeBasesService = ReturnType<typeof createKnowledgeBasesService>;
