import {
  knowledgeRules,
  type Article,
  type ArticleEdit,
  type ArticleListQuery,
  type ArticlePatch,
  type ArticlePost,
  type ArticleReaction,
  type ArticleRevision,
  type ArticleStatus,
  type KnowledgeSort,
} from "@parley/contracts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import { normalizeFormat } from "../../platform/render/index.ts";
import { plainTitle, storableText } from "../../platform/text.ts";
import { Expansions } from "../discussions/index.ts";
import { unknownUser, type UserFragments } from "../users/index.ts";
import type { ArticleFilters, ArticleInsert, ArticleOrder, ArticleRow, ArticlesRepo } from "./articles.repo.ts";
import { helpfulReaction, presentArticle, presentArticleEdit, presentRevision } from "./articles.present.ts";
import type { KnowledgeBasesRepo } from "./knowledge-bases.repo.ts";
import type { RequestContext as KnowledgeContext } from "../../platform/http/request-context.ts";
import type { KnowledgeCategoriesService } from "./knowledge-categories.service.ts";
import "./knowledge.events.ts";
import type { KnowledgeLoader } from "./knowledge.loader.ts";
import { knowledgePolicy as policy } from "./knowledge.policy.ts";
import { breadcrumbsOf } from "./knowledge.present.ts";
import { LIVE_ARTICLE } from "./knowledge.tree.ts";

export interface ArticlesDeps {
  platform: Platform;
  repo: ArticlesRepo;
  bases: KnowledgeBasesRepo;
  categories: KnowledgeCategoriesService;
  loader: KnowledgeLoader;
  users: UserFragments;
}

/** `undeleted` (a restore) is stored as published: readers see both alike. */
const storedStatus = (status: ArticleStatus) => (status === "deleted" ? "deleted" : LIVE_ARTICLE);

/** Articles: lists and pages for readers, writing with revisions for `articles.add`, helpful answers. */
export function createArticlesService({ platform, repo, bases, categories, loader, users }: ArticlesDeps) {
  /** An article the viewer may read (its base visible; deleted ones for writers only), else 404. */
  async function load(articleID: number, viewer: Viewer): Promise<ArticleRow> {
    policy.authorize(viewer, "view");
    const article = await repo.find(articleID);
    const base = article ? await bases.find(article.knowledgeBaseID) : undefined;
    if (!article || !loader.visible(base, viewer)) throw notFound("Article");
    if (article.status !== LIVE_ARTICLE && !policy.seesDeleted(viewer)) throw notFound("Article");
    return article;
  }

  /** A fixed number of queries whatever the number of rows: users, trees and bases, reactions. */
  async function presentMany(rows: ArticleRow[], context: KnowledgeContext, expand: Expansions): Promise<Article[]> {
    const { viewer, origin } = context;
    const wantsUsers = expand.has("insertUser") || expand.has("updateUser");
    const baseIDs = [...new Set(rows.map((row) => row.knowledgeBaseID))];
    const [fragments, trail, helpful] = await Promise.all([
      wantsUsers
        ? users.load(
            rows.flatMap((row) => [row.insertUserID, row.updateUserID]),
            origin,
          )
        : null,
      expand.has("breadcrumbs") ? Promise.all([loader.trees(baseIDs), bases.findByIds(baseIDs)]) : null,
      expand.has("reactions")
        ? repo.helpful(
            rows.map((row) => row.articleID),
            viewer.userID,
          )
        : null,
    ]);
    const permissions = policy.articlePermissions(viewer);
    const baseByID = new Map((trail?.[1] ?? []).map((base) => [base.knowledgeBaseID, base]));
    return rows.map((row) => {
      const article = presentArticle(row, {
        origin,
        permissions,
        unknownUser: unknownUser(origin),
        ...(fragments ? { users: fragments } : {}),
        ...(trail
          ? { breadcrumbs: breadcrumbsOf(trail[0], baseByID.get(row.knowledgeBaseID), row.knowledgeCategoryID, origin) }
          : {}),
        ...(helpful
          ? { reactions: [helpfulReaction(helpful.counts.get(row.articleID), helpful.mine.get(row.articleID))] }
          : {}),
      });
      if (!expand.has("insertUser")) delete article.insertUser;
      if (!expand.has("updateUser")) delete article.updateUser;
      return article;
    });
  }

  const present = async (articleID: number, context: KnowledgeContext, expand: string[] = []) =>
    (await presentMany([(await repo.find(articleID))!], context, new Expansions(expand)))[0]!;

  const nameOf = (name: string) => {
    const title = plainTitle(name);
    if (!title) throw validationFailed([fieldError("name", "missingField", "name is required.", 422)]);
    return title;
  };
  const formatOf = (format: string) => {
    const normalized = normalizeFormat(format);
    if (!normalized) throw validationFailed([fieldError("format", "invalid", "format is not a valid format.", 422)]);
    return normalized;
  };
  const bodyOf = (body: string) => {
    const source = storableText(body);
    if (!source.trim()) throw validationFailed([fieldError("body", "missingField", "body is required.", 422)]);
    return source;
  };

  const eventOf = (row: ArticleRow, viewer: Viewer) => ({
    articleID: row.articleID,
    knowledgeBaseID: row.knowledgeBaseID,
    knowledgeCategoryID: row.knowledgeCategoryID,
    status: row.status,
    actorUserID: viewer.userID,
  });

  /** A change of the article (and a revision when what it says changed), in one transaction. */
  async function write(article: ArticleRow, changes: Partial<ArticleInsert>, viewer: Viewer, revise: boolean) {
    await platform.db.transaction().execute(async (trx) => {
      const scoped = repo.withTransaction(trx);
      await scoped.update(article.articleID, changes);
      if (revise) {
        const next = { ...article, ...changes };
        await scoped.saveRevision({
          articleID: article.articleID,
          name: next.name,
          format: next.format,
          body: next.body,
          locale: next.locale,
          insertUserID: viewer.userID,
          dateInserted: changes.dateUpdated ?? platform.clock.nowIso(),
        });
      }
    });
    return (await repo.find(article.articleID))!;
  }

  return {
    async list(query: ArticleListQuery, context: KnowledgeContext) {
      const { viewer } = context;
      policy.authorize(viewer, "view");
      if (query.knowledgeCategoryID === undefined && query.knowledgeBaseID === undefined)
        throw validationFailed([
          fieldError("knowledgeCategoryID", "missingField", "knowledgeCategoryID or knowledgeBaseID is required."),
        ]);
      let knowledgeSort: KnowledgeSort | undefined;
      if (query.knowledgeCategoryID !== undefined) {
        const { category, base } = await loader.category(query.knowledgeCategoryID, viewer);
        knowledgeSort = (category.sortChildren ?? base.sortArticles) as KnowledgeSort;
      }
      if (query.knowledgeBaseID !== undefined) {
        const base = await loader.base(query.knowledgeBaseID, viewer);
        knowledgeSort ??= base.sortArticles as KnowledgeSort;
      }
      const status = query.status ?? "published";
      if (status !== "published") policy.authorize(viewer, "write");
      const filters: ArticleFilters = {
        statuses: [storedStatus(status)],
        ...(query.knowledgeCategoryID !== undefined ? { knowledgeCategoryID: query.knowledgeCategoryID } : {}),
        ...(query.knowledgeBaseID !== undefined ? { knowledgeBaseID: query.knowledgeBaseID } : {}),
        ...(query.featured !== undefined ? { featured: query.featured } : {}),
        ...(query.insertUserID !== undefined ? { insertUserID: query.insertUserID } : {}),
      };
      const order: ArticleOrder = query.sort ? { sort: query.sort } : { knowledgeSort: knowledgeSort ?? "manual" };
      const page = query.page ?? 1;
      const limit = query.limit ?? knowledgeRules.articlesDefaultLimit;
      const [rows, total] = await Promise.all([
        repo.list(filters, order, (page - 1) * limit, limit),
        repo.count(filters),
      ]);
      return { items: await presentMany(rows, context, new Expansions(query.expand)), page, limit, total };
    },

    /**
     * The published articles of published bases among `ids` that the viewer may read, as `GET /articles` presents
     * them (a featured collection's records); none without `kb.view`. Three queries however many.
     */
    async presentByIDs(ids: number[], context: KnowledgeContext): Promise<Array<[number, Article]>> {
      if (!ids.length || !policy.can(context.viewer, "view")) return [];
      const rows = await repo.list(
        { statuses: [LIVE_ARTICLE], articleIDs: ids },
        { sort: "dateInserted" },
        0,
        ids.length,
      );
      const published = new Set(
        (await bases.findByIds([...new Set(rows.map((row) => row.knowledgeBaseID))]))
          .filter((base) => base.status === "published")
          .map((base) => base.knowledgeBaseID),
      );
      const readable = rows.filter((row) => published.has(row.knowledgeBaseID));
      return (await presentMany(readable, context, new Expansions([]))).map((article) => [article.articleID, article]);
    },

    async get(articleID: number, expand: string[] | undefined, context: KnowledgeContext): Promise<Article> {
      const article = await load(articleID, context.viewer);
      return (await presentMany([article], context, new Expansions(expand)))[0]!;
    },

    async create(body: ArticlePost, context: KnowledgeContext): Promise<Article> {
      const { viewer } = context;
      policy.authorize(viewer, "view");
      policy.authorize(viewer, "write");
      const name = nameOf(body.name);
      const format = formatOf(body.format);
      const source = bodyOf(body.body);
      const { category, base } = await categories.writableCategory(body.knowledgeCategoryID, context);
      const now = platform.clock.nowIso();
      const articleID = await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const row = {
          knowledgeCategoryID: category.knowledgeCategoryID,
          knowledgeBaseID: category.knowledgeBaseID,
          name,
          body: source,
          format,
          locale: body.locale ?? base?.sourceLocale ?? "en",
          sort: body.sort ?? null,
          seoName: body.seoName ?? null,
          seoDescription: body.seoDescription ?? null,
          status: LIVE_ARTICLE,
          featured: 0,
          dateFeatured: null,
          score: 0,
          countViews: 0,
          insertUserID: viewer.userID,
          dateInserted: now,
          updateUserID: null,
          dateUpdated: null,
        };
        const id = await scoped.insert(row);
        await scoped.saveRevision({
          articleID: id,
          name,
          format,
          body: source,
          locale: row.locale,
          insertUserID: viewer.userID,
          dateInserted: now,
        });
        return id;
      });
      const created = (await repo.find(articleID))!;
      await platform.events.emit("article.created", eventOf(created, viewer));
      return present(articleID, context);
    },

    async update(articleID: number, body: ArticlePatch, context: KnowledgeContext): Promise<Article> {
      const { viewer } = context;
      policy.authorize(viewer, "write");
      const article = await load(articleID, viewer);
      const now = platform.clock.nowIso();
      const changes: Partial<ArticleInsert> = { updateUserID: viewer.userID, dateUpdated: now };
      if (body.name !== undefined) changes.name = nameOf(body.name);
      if (body.format !== undefined) changes.format = formatOf(body.format);
      if (body.body !== undefined) changes.body = bodyOf(body.body);
      if (body.locale !== undefined) changes.locale = body.locale;
      if (body.sort !== undefined) changes.sort = body.sort;
      if (body.seoName !== undefined) changes.seoName = body.seoName;
      if (body.seoDescription !== undefined) changes.seoDescription = body.seoDescription;
      if (body.knowledgeCategoryID !== undefined && body.knowledgeCategoryID !== article.knowledgeCategoryID) {
        const { category } = await categories.writableCategory(body.knowledgeCategoryID, context);
        changes.knowledgeCategoryID = category.knowledgeCategoryID;
        changes.knowledgeBaseID = category.knowledgeBaseID;
      }
      const revise = (["name", "format", "body", "locale"] as const).some(
        (field) => changes[field] !== undefined && changes[field] !== article[field],
      );
      const updated = await write(article, changes, viewer, revise);
      await platform.events.emit("article.updated", eventOf(updated, viewer));
      return present(articleID, context);
    },

    async edit(articleID: number, viewer: Viewer): Promise<ArticleEdit> {
      policy.authorize(viewer, "write");
      return presentArticleEdit(await load(articleID, viewer));
    },

    async setStatus(articleID: number, status: ArticleStatus, context: KnowledgeContext): Promise<Article> {
      const { viewer } = context;
      policy.authorize(viewer, "write");
      const article = await load(articleID, viewer);
      const next = storedStatus(status);
      if (next !== article.status) {
        const updated = await write(
          article,
          { status: next, updateUserID: viewer.userID, dateUpdated: platform.clock.nowIso() },
          viewer,
          false,
        );
        await platform.events.emit("article.statusChanged", {
          ...eventOf(updated, viewer),
          previousStatus: article.status,
        });
      }
      return present(articleID, context);
    },

    async setFeatured(articleID: number, featured: boolean, context: KnowledgeContext): Promise<Article> {
      const { viewer } = context;
      policy.authorize(viewer, "write");
      const article = await load(articleID, viewer);
      if ((article.featured === 1) !== featured) {
        const updated = await write(
          article,
          { featured: featured ? 1 : 0, dateFeatured: featured ? platform.clock.nowIso() : null },
          viewer,
          false,
        );
        await platform.events.emit("article.updated", eventOf(updated, viewer));
      }
      return present(articleID, context);
    },

    /** Every saved version, newest first (for article writers). */
    async revisions(articleID: number, context: KnowledgeContext): Promise<ArticleRevision[]> {
      policy.authorize(context.viewer, "write");
      await load(articleID, context.viewer);
      const rows = await repo.revisions(articleID);
      const fragments = await users.load(
        rows.map((row) => row.insertUserID),
        context.origin,
      );
      return rows.map((row) =>
        presentRevision(row, context.origin, fragments.get(row.insertUserID) ?? unknownUser(context.origin)),
      );
    },

    /** A member's "Was this article helpful?" answer (one per member, changeable): the article's reactions. */
    async react(articleID: number, helpful: "yes" | "no", context: KnowledgeContext): Promise<ArticleReaction[]> {
      const { viewer } = context;
      requireSignedIn(viewer);
      const article = await load(articleID, viewer);
      if (article.status !== LIVE_ARTICLE) throw notFound("Article");
      await repo.react(articleID, viewer.userID, helpful, platform.clock.nowIso());
      await platform.events.emit("knowledge.changed", {
        knowledgeBaseID: article.knowledgeBaseID,
        actorUserID: viewer.userID,
      });
      const { counts, mine } = await repo.helpful([articleID], viewer.userID);
      return [helpfulReaction(counts.get(articleID), mine.get(articleID))];
    },
  };
}

export type ArticlesService = ReturnType<typeof createArticlesService>;
