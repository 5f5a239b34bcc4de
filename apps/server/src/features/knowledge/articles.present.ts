import {
  knowledgePaths,
  knowledgeRules,
  type Article,
  type ArticleEdit,
  type ArticleReaction,
  type ArticleRevision,
  type ArticleStatus,
  type UserFragment,
} from "@parley/contracts";
import { toRfc3339 } from "../../platform/dates.ts";
import { renderBody, renderExcerpt, type PostFormat } from "../../platform/render/index.ts";
import { withHeadingIds } from "../../platform/render/outline.ts";
import { slugify } from "../discussions/index.ts";
import type { ArticleRevisionRow, ArticleRow, HelpfulCounts } from "./articles.repo.ts";

export const articleUrl = (origin: string, row: Pick<ArticleRow, "articleID" | "name">) =>
  `${origin}${knowledgePaths.article(row.articleID, slugify(row.name))}`;

/** The helpful reaction of an article, as `reactions` holds it. */
export function helpfulReaction(counts: HelpfulCounts | undefined, mine: "yes" | "no" | undefined): ArticleReaction {
  const yes = counts?.yes ?? 0;
  const no = counts?.no ?? 0;
  return { reactionType: "helpful", yes, no, total: yes + no, userReaction: mine ?? null };
}

export interface ArticlePresentContext {
  origin: string;
  permissions: Record<string, boolean>;
  users?: Map<number, UserFragment>;
  unknownUser: UserFragment;
  breadcrumbs?: Array<{ name: string; url: string }>;
  reactions?: ArticleReaction[];
}

/** An article's body rendered through the post pipeline, its h2–h4 headings given ids for its outline. */
function renderArticleBody(body: string, format: string, origin: string) {
  return withHeadingIds(renderBody(body, format as PostFormat, { origin }));
}

export function presentArticle(row: ArticleRow, context: ArticlePresentContext): Article {
  const { origin } = context;
  const rendered = renderArticleBody(row.body, row.format, origin);
  const article: Article = {
    articleID: row.articleID,
    knowledgeCategoryID: row.knowledgeCategoryID,
    knowledgeBaseID: row.knowledgeBaseID,
    name: row.name,
    body: rendered.html,
    format: row.format,
    excerpt: renderExcerpt(row.body, row.format as PostFormat, knowledgeRules.excerptLength),
    outline: rendered.outline,
    slug: slugify(row.name),
    url: articleUrl(origin, row),
    locale: row.locale,
    sort: row.sort,
    seoName: row.seoName,
    seoDescription: row.seoDescription,
    status: row.status as ArticleStatus,
    featured: row.featured === 1,
    dateFeatured: row.dateFeatured === null ? null : toRfc3339(row.dateFeatured),
    score: row.score,
    countViews: row.countViews,
    insertUserID: row.insertUserID,
    dateInserted: toRfc3339(row.dateInserted),
    updateUserID: row.updateUserID,
    dateUpdated: row.dateUpdated === null ? null : toRfc3339(row.dateUpdated),
    permissions: context.permissions,
  };
  if (context.users) {
    article.insertUser = context.users.get(row.insertUserID) ?? context.unknownUser;
    if (row.updateUserID !== null) article.updateUser = context.users.get(row.updateUserID) ?? context.unknownUser;
  }
  if (context.breadcrumbs) article.breadcrumbs = context.breadcrumbs;
  if (context.reactions) article.reactions = context.reactions;
  return article;
}

export const presentArticleEdit = (row: ArticleRow): ArticleEdit => ({
  articleID: row.articleID,
  knowledgeCategoryID: row.knowledgeCategoryID,
  name: row.name,
  body: row.body,
  format: row.format,
  sort: row.sort,
  locale: row.locale,
});

export function presentRevision(
  row: ArticleRevisionRow,
  origin: string,
  user: UserFragment | undefined,
): ArticleRevision {
  return {
    articleRevisionID: row.articleRevisionID,
    articleID: row.articleID,
    name: row.name,
    format: row.format,
    bodyRendered: renderArticleBody(row.body, row.format, origin).html,
    locale: row.locale,
    status: row.status === "published" ? "published" : "previous",
    insertUserID: row.insertUserID,
    ...(user ? { insertUser: user } : {}),
    dateInserted: toRfc3339(row.dateInserted),
  };
}
