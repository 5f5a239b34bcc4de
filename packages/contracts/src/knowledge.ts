import { Type, type Static } from "typebox";
import { DateTime, Expand, Nullable } from "./common.ts";
import { Breadcrumb, RecordPermissions } from "./discussions.ts";
import {
  articleSorts,
  articleStatuses,
  knowledgeBaseStatuses,
  knowledgeBaseViewTypes,
  knowledgeRules,
  knowledgeSorts,
} from "./knowledge-constants.ts";
import { Limit, Page } from "./pagination.ts";
import type { UserFragment } from "./users.ts";

export * from "./knowledge-constants.ts";

/*
 * The knowledge base (Vanilla's Knowledge add-on, API v2): knowledge bases, their categories (a tree under
 * each base's root category) and articles, with revisions and the "Was this article helpful?" reaction.
 * Viewing needs `kb.view`, writing articles and organising categories `articles.add`, and creating or
 * changing a knowledge base itself `site.manage`.
 */

// ---------------------------------------------------------------------------------------------------------------------
// Knowledge bases

export const KnowledgeBase = Type.Object(
  {
    knowledgeBaseID: Type.Integer(),
    name: Type.String(),
    description: Type.String(),
    urlCode: Type.String({ description: "The base's address: /kb/{urlCode}." }),
    url: Type.String({ description: "Absolute URL of the base's page." }),
    viewType: Type.Enum(knowledgeBaseViewTypes),
    sortArticles: Type.Enum(knowledgeSorts),
    icon: Type.String({ description: "An image URL, or empty." }),
    bannerImage: Type.String({ description: "An image URL, or empty." }),
    sourceLocale: Type.String(),
    rootCategoryID: Type.Integer({ description: "The knowledge category every top-level category sits under." }),
    defaultArticleID: Nullable(Type.Integer({ description: "A guide's first article." })),
    countArticles: Type.Integer(),
    countCategories: Type.Integer(),
    status: Type.Enum(knowledgeBaseStatuses),
    insertUserID: Type.Integer(),
    dateInserted: DateTime,
    updateUserID: Nullable(Type.Integer()),
    dateUpdated: Nullable(DateTime),
  },
  { $id: "KnowledgeBase" },
);
export type KnowledgeBase = Static<typeof KnowledgeBase>;

export const KnowledgeBaseListQuery = Type.Object({
  status: Type.Optional(Type.Enum(knowledgeBaseStatuses)),
  sourceLocale: Type.Optional(Type.String()),
  siteSectionGroup: Type.Optional(Type.String({ description: "Accepted; Parley has one site section." })),
  expand: Type.Optional(Expand),
});
export type KnowledgeBaseListQuery = Static<typeof KnowledgeBaseListQuery>;

const urlCode = Type.String({
  minLength: 1,
  maxLength: knowledgeRules.urlCodeMaxLength,
  pattern: "^[a-z0-9][a-z0-9-]*$",
  description: "Lower-case letters, digits and hyphens.",
});

export const KnowledgeBasePost = Type.Object({
  name: Type.String({ minLength: 1, maxLength: knowledgeRules.nameMaxLength }),
  description: Type.String({ maxLength: knowledgeRules.descriptionMaxLength }),
  urlCode,
  viewType: Type.Enum(knowledgeBaseViewTypes),
  sortArticles: Type.Optional(Type.Enum(knowledgeSorts)),
  icon: Type.Optional(Type.String({ maxLength: 500 })),
  bannerImage: Type.Optional(Type.String({ maxLength: 500 })),
  sourceLocale: Type.Optional(Type.String({ maxLength: 20 })),
});
export type KnowledgeBasePost = Static<typeof KnowledgeBasePost>;

export const KnowledgeBasePatch = Type.Partial(
  Type.Object({
    ...KnowledgeBasePost.properties,
    status: Type.Enum(knowledgeBaseStatuses),
    defaultArticleID: Nullable(Type.Integer()),
  }),
);
export type KnowledgeBasePatch = Static<typeof KnowledgeBasePatch>;

/** `GET /knowledge-bases/{id}/navigation-flat`: a base's categories and articles, for its navigation. */
export const KnowledgeNavigationItem = Type.Object({
  recordType: Type.Union([Type.Literal("knowledgeCategory"), Type.Literal("article")]),
  recordID: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  parentID: Type.Integer({ description: "The knowledge category it sits in (the root category at the top)." }),
  knowledgeCategoryID: Nullable(Type.Integer()),
  sort: Nullable(Type.Integer()),
});
export type KnowledgeNavigationItem = Static<typeof KnowledgeNavigationItem>;

/**
 * `PATCH /knowledge-bases/{id}/navigation-flat` (Vanilla's): a reordering of a base's categories in one
 * transaction, each item the category's new parent and `sort`. Articles are ordered from their own form.
 */
export const KnowledgeNavigationPatchItem = Type.Object({
  recordType: Type.Literal("knowledgeCategory"),
  recordID: Type.Integer({ minimum: 1 }),
  parentID: Type.Integer({ minimum: 1 }),
  sort: Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});
export const KnowledgeNavigationPatch = Type.Array(KnowledgeNavigationPatchItem, {
  minItems: 1,
  maxItems: knowledgeRules.maxNavigationItems,
});
export type KnowledgeNavigationPatch = Static<typeof KnowledgeNavigationPatch>;

// ---------------------------------------------------------------------------------------------------------------------
// Knowledge categories

export const KnowledgeCategory = Type.Object(
  {
    knowledgeCategoryID: Type.Integer(),
    name: Type.String(),
    parentID: Type.Integer({ description: "-1 for a base's root category." }),
    knowledgeBaseID: Type.Integer(),
    sort: Nullable(Type.Integer()),
    sortChildren: Nullable(Type.Enum(knowledgeSorts)),
    countArticles: Type.Integer({ description: "Published articles directly in it." }),
    countArticlesRecursive: Type.Integer(),
    countChildCategories: Type.Integer(),
    url: Type.String(),
    breadcrumbs: Type.Optional(Type.Array(Breadcrumb)),
    insertUserID: Type.Integer(),
    dateInserted: DateTime,
    updateUserID: Nullable(Type.Integer()),
    dateUpdated: Nullable(DateTime),
  },
  { $id: "KnowledgeCategory" },
);
export type KnowledgeCategory = Static<typeof KnowledgeCategory>;

export const KnowledgeCategoryListQuery = Type.Object({
  knowledgeBaseID: Type.Optional(Type.Integer()),
  parentID: Type.Optional(Type.Integer()),
  expand: Type.Optional(Expand),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(knowledgeRules.maxLimit, knowledgeRules.categoriesDefaultLimit)),
});
export type KnowledgeCategoryListQuery = Static<typeof KnowledgeCategoryListQuery>;

export const KnowledgeCategoryPost = Type.Object({
  name: Type.String({ minLength: 1, maxLength: knowledgeRules.nameMaxLength }),
  parentID: Type.Integer({ description: "The parent category (a base's root category for a top-level one)." }),
  sort: Type.Optional(Nullable(Type.Integer())),
  sortChildren: Type.Optional(Nullable(Type.Enum(knowledgeSorts))),
});
export type KnowledgeCategoryPost = Static<typeof KnowledgeCategoryPost>;

export const KnowledgeCategoryPatch = Type.Partial(KnowledgeCategoryPost);
export type KnowledgeCategoryPatch = Static<typeof KnowledgeCategoryPatch>;

// ---------------------------------------------------------------------------------------------------------------------
// Articles

/** A heading of an article's body, for its table of contents (`ref` is the heading's id). */
export const ArticleOutlineItem = Type.Object({ ref: Type.String(), level: Type.Integer(), text: Type.String() });
export type ArticleOutlineItem = Static<typeof ArticleOutlineItem>;

/** "Was this article helpful?": the counts, and the viewer's own answer. */
export const ArticleReaction = Type.Object({
  reactionType: Type.Literal("helpful"),
  yes: Type.Integer(),
  no: Type.Integer(),
  total: Type.Integer(),
  userReaction: Nullable(Type.Union([Type.Literal("yes"), Type.Literal("no")])),
});
export type ArticleReaction = Static<typeof ArticleReaction>;

export const Article = Type.Object(
  {
    articleID: Type.Integer(),
    knowledgeCategoryID: Type.Integer(),
    knowledgeBaseID: Type.Integer(),
    name: Type.String(),
    body: Type.String({ description: "Rendered, sanitised HTML." }),
    format: Type.String(),
    excerpt: Type.String(),
    outline: Type.Array(ArticleOutlineItem),
    slug: Type.String(),
    url: Type.String(),
    locale: Type.String(),
    sort: Nullable(Type.Integer()),
    seoName: Nullable(Type.String()),
    seoDescription: Nullable(Type.String()),
    status: Type.Enum(articleStatuses),
    featured: Type.Boolean(),
    dateFeatured: Nullable(DateTime),
    score: Type.Integer(),
    countViews: Type.Integer(),
    insertUserID: Type.Integer(),
    dateInserted: DateTime,
    updateUserID: Nullable(Type.Integer()),
    dateUpdated: Nullable(DateTime),
    insertUser: Type.Optional(Type.Ref("UserFragment")),
    updateUser: Type.Optional(Type.Ref("UserFragment")),
    breadcrumbs: Type.Optional(Type.Array(Breadcrumb)),
    reactions: Type.Optional(Type.Array(ArticleReaction)),
    permissions: Type.Optional(RecordPermissions),
  },
  { $id: "Article" },
);
/** `Static` cannot follow the user `$ref`s. */
export type Article = Omit<Static<typeof Article>, "insertUser" | "updateUser"> & {
  insertUser?: UserFragment;
  updateUser?: UserFragment;
};

export const ArticleListQuery = Type.Object({
  knowledgeCategoryID: Type.Optional(Type.Integer()),
  knowledgeBaseID: Type.Optional(Type.Integer()),
  featured: Type.Optional(Type.Boolean()),
  status: Type.Optional(Type.Enum(articleStatuses)),
  insertUserID: Type.Optional(Type.Integer()),
  sort: Type.Optional(Type.Enum(articleSorts)),
  expand: Type.Optional(Expand),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(knowledgeRules.maxLimit, knowledgeRules.articlesDefaultLimit)),
});
export type ArticleListQuery = Static<typeof ArticleListQuery>;

export const ArticlePost = Type.Object({
  knowledgeCategoryID: Type.Integer(),
  name: Type.String({ minLength: 1, maxLength: knowledgeRules.nameMaxLength }),
  body: Type.String({ minLength: 1 }),
  format: Type.String(),
  sort: Type.Optional(Nullable(Type.Integer())),
  seoName: Type.Optional(Nullable(Type.String({ maxLength: knowledgeRules.nameMaxLength }))),
  seoDescription: Type.Optional(Nullable(Type.String({ maxLength: knowledgeRules.descriptionMaxLength }))),
  locale: Type.Optional(Type.String({ maxLength: 20 })),
  draftID: Type.Optional(Type.Integer()),
});
export type ArticlePost = Static<typeof ArticlePost>;

export const ArticlePatch = Type.Partial(Type.Omit(ArticlePost, ["draftID"]));
export type ArticlePatch = Static<typeof ArticlePatch>;

/** `GET /articles/{id}/edit`: the source of an article, for its editor. */
export const ArticleEdit = Type.Object({
  articleID: Type.Integer(),
  knowledgeCategoryID: Type.Integer(),
  name: Type.String(),
  body: Type.String({ description: "The source, in its format." }),
  format: Type.String(),
  sort: Nullable(Type.Integer()),
  locale: Type.String(),
});
export type ArticleEdit = Static<typeof ArticleEdit>;

export const ArticleStatusPatch = Type.Object({ status: Type.Enum(articleStatuses) });
export const ArticleFeaturedPut = Type.Object({ featured: Type.Boolean() });
export const ArticleReact = Type.Object({ helpful: Type.Union([Type.Literal("yes"), Type.Literal("no")]) });
export type ArticleReact = Static<typeof ArticleReact>;

/** One saved version of an article (every create and edit makes one). */
export const ArticleRevision = Type.Object({
  articleRevisionID: Type.Integer(),
  articleID: Type.Integer(),
  name: Type.String(),
  format: Type.String(),
  bodyRendered: Type.String({ description: "Rendered, sanitised HTML." }),
  locale: Type.String(),
  status: Type.Union([Type.Literal("published"), Type.Literal("previous")]),
  insertUserID: Type.Integer(),
  insertUser: Type.Optional(Type.Ref("UserFragment")),
  dateInserted: DateTime,
});
export type ArticleRevision = Omit<Static<typeof ArticleRevision>, "insertUser"> & { insertUser?: UserFragment };

/** Schemas the server registers once (named by `$ref`). */
export const sharedKnowledgeSchemas = [KnowledgeBase, KnowledgeCategory, Article];
