import {
  knowledgePaths,
  type KnowledgeBase,
  type KnowledgeBaseStatus,
  type KnowledgeBaseViewType,
  type KnowledgeCategory,
  type KnowledgeSort,
} from "@parley/contracts";
import { toRfc3339 } from "../../platform/dates.ts";
import { slugify } from "../discussions/index.ts";
import type { KnowledgeBaseCounts, KnowledgeBaseRow } from "./knowledge-bases.repo.ts";
import type { KnowledgeCategoryRow } from "./knowledge-categories.repo.ts";
import { trailOf, type KnowledgeTree, type TreeNode } from "./knowledge.tree.ts";

type Crumb = { name: string; url: string };

const optionalDate = (value: string | null) => (value === null ? null : toRfc3339(value));

const baseUrl = (origin: string, base: Pick<KnowledgeBaseRow, "urlCode">) =>
  `${origin}${knowledgePaths.base(base.urlCode)}`;

/** A knowledge category's page; a root category's page is its base's. */
export function categoryUrl(
  origin: string,
  row: Pick<KnowledgeCategoryRow, "knowledgeCategoryID" | "name" | "parentID">,
  base: Pick<KnowledgeBaseRow, "urlCode"> | undefined,
): string {
  if (row.parentID === -1 && base) return baseUrl(origin, base);
  return `${origin}${knowledgePaths.category(row.knowledgeCategoryID, slugify(row.name))}`;
}

export function presentKnowledgeBase(
  row: KnowledgeBaseRow,
  counts: KnowledgeBaseCounts,
  origin: string,
): KnowledgeBase {
  return {
    knowledgeBaseID: row.knowledgeBaseID,
    name: row.name,
    description: row.description,
    urlCode: row.urlCode,
    url: baseUrl(origin, row),
    viewType: row.viewType as KnowledgeBaseViewType,
    sortArticles: row.sortArticles as KnowledgeSort,
    icon: row.icon,
    bannerImage: row.bannerImage,
    sourceLocale: row.sourceLocale,
    rootCategoryID: row.rootCategoryID,
    defaultArticleID: row.defaultArticleID,
    countArticles: counts.countArticles,
    countCategories: counts.countCategories,
    status: row.status as KnowledgeBaseStatus,
    insertUserID: row.insertUserID,
    dateInserted: toRfc3339(row.dateInserted),
    updateUserID: row.updateUserID,
    dateUpdated: optionalDate(row.dateUpdated),
  };
}

/** Home › the base › its categories down to (and with) the one given. */
export function breadcrumbsOf(
  tree: KnowledgeTree<KnowledgeCategoryRow>,
  base: KnowledgeBaseRow | undefined,
  knowledgeCategoryID: number,
  origin: string,
): Crumb[] {
  const crumbs: Crumb[] = [{ name: "Home", url: `${origin}/` }];
  if (base) crumbs.push({ name: base.name, url: baseUrl(origin, base) });
  for (const row of trailOf(tree, knowledgeCategoryID)) {
    crumbs.push({ name: row.name, url: categoryUrl(origin, row, base) });
  }
  return crumbs;
}

export function presentKnowledgeCategory(
  node: TreeNode<KnowledgeCategoryRow>,
  base: KnowledgeBaseRow | undefined,
  origin: string,
  breadcrumbs?: Crumb[],
): KnowledgeCategory {
  const { row } = node;
  return {
    knowledgeCategoryID: row.knowledgeCategoryID,
    name: row.name,
    parentID: row.parentID,
    knowledgeBaseID: row.knowledgeBaseID,
    sort: row.sort,
    sortChildren: row.sortChildren as KnowledgeSort | null,
    countArticles: node.countArticles,
    countArticlesRecursive: node.countArticlesRecursive,
    countChildCategories: node.countChildCategories,
    url: categoryUrl(origin, row, base),
    ...(breadcrumbs ? { breadcrumbs } : {}),
    insertUserID: row.insertUserID,
    dateInserted: toRfc3339(row.dateInserted),
    updateUserID: row.updateUserID,
    dateUpdated: optionalDate(row.dateUpdated),
  };
}
