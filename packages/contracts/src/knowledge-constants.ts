/** The knowledge base's values and limits. Free of TypeBox, so the browser bundle can import it. */

/** `help`: a help centre (categories and their articles); `guide`: a manual read article by article. */
export const knowledgeBaseViewTypes = ["help", "guide"] as const;
export type KnowledgeBaseViewType = (typeof knowledgeBaseViewTypes)[number];

export const knowledgeBaseStatuses = ["published", "deleted"] as const;
export type KnowledgeBaseStatus = (typeof knowledgeBaseStatuses)[number];

/** How a base (or a category) orders its articles: by hand (`sort`), by name, or by date. */
export const knowledgeSorts = ["manual", "name", "dateInserted", "dateInsertedDesc"] as const;
export type KnowledgeSort = (typeof knowledgeSorts)[number];

export const articleStatuses = ["published", "deleted", "undeleted"] as const;
export type ArticleStatus = (typeof articleStatuses)[number];

/** `GET /articles` sorts; without one, the category's or base's own order. */
export const articleSorts = ["name", "-name", "dateInserted", "-dateInserted", "dateUpdated", "-dateUpdated"] as const;
export type ArticleSort = (typeof articleSorts)[number];

export const knowledgeRules = {
  nameMaxLength: 255,
  descriptionMaxLength: 2000,
  urlCodeMaxLength: 64,
  maxLimit: 500,
  articlesDefaultLimit: 30,
  categoriesDefaultLimit: 100,
  /** Characters of an article's text in its `excerpt`. */
  excerptLength: 200,
  /** Nesting of knowledge categories below a base's root. */
  maxCategoryDepth: 5,
  /** Categories one navigation PATCH may place. */
  maxNavigationItems: 500,
} as const;

/** Addresses of the knowledge base's pages (Vanilla's). */
export const knowledgePaths = {
  home: "/kb",
  base: (urlCode: string) => `/kb/${urlCode}`,
  category: (knowledgeCategoryID: number, slug: string) => `/kb/categories/${knowledgeCategoryID}-${slug}`,
  article: (articleID: number, slug: string) => `/kb/articles/${articleID}-${slug}`,
  newArticle: (knowledgeCategoryID?: number) =>
    `/kb/articles/add${knowledgeCategoryID ? `?knowledgeCategoryID=${knowledgeCategoryID}` : ""}`,
  editArticle: (articleID: number) => `/kb/articles/${articleID}/editor`,
} as const;
