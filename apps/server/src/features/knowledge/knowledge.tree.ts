import type { KnowledgeSort } from "@parley/contracts";

/*
 * A knowledge base's category tree, worked out in memory from its rows and its published articles per
 * category (two queries for any number of categories): depths, descendants, counts and trails.
 */

/** The status of an article readers see (`undeleted` is stored as published). */
export const LIVE_ARTICLE = "published";
/** A root category's parentID. */
export const ROOT_PARENT_ID = -1;

export interface TreeCategory {
  knowledgeCategoryID: number;
  knowledgeBaseID: number;
  parentID: number;
  name: string;
  sort: number | null;
}

export interface TreeNode<C extends TreeCategory> {
  row: C;
  /** 0 for a root category, 1 for a top-level one. */
  depth: number;
  children: TreeNode<C>[];
  countArticles: number;
  countArticlesRecursive: number;
  countChildCategories: number;
}

/** Categories by hand-set `sort` (unsorted last), then name. */
const compareCategories = (a: TreeCategory, b: TreeCategory): number =>
  (a.sort ?? Number.MAX_SAFE_INTEGER) - (b.sort ?? Number.MAX_SAFE_INTEGER) ||
  a.name.localeCompare(b.name) ||
  a.knowledgeCategoryID - b.knowledgeCategoryID;

export interface KnowledgeTree<C extends TreeCategory> {
  byID: Map<number, TreeNode<C>>;
  roots: TreeNode<C>[];
}

/** The tree of some bases' categories, with published articles counted directly and recursively. */
export function buildTree<C extends TreeCategory>(rows: C[], articleCounts: Map<number, number>): KnowledgeTree<C> {
  const byID = new Map<number, TreeNode<C>>();
  for (const row of rows) {
    const direct = articleCounts.get(row.knowledgeCategoryID) ?? 0;
    byID.set(row.knowledgeCategoryID, {
      row,
      depth: 0,
      children: [],
      countArticles: direct,
      countArticlesRecursive: direct,
      countChildCategories: 0,
    });
  }
  const roots: TreeNode<C>[] = [];
  for (const node of byID.values()) {
    const parent = node.row.parentID === ROOT_PARENT_ID ? undefined : byID.get(node.row.parentID);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const walk = (node: TreeNode<C>, depth: number): number => {
    node.depth = depth;
    node.children.sort((a, b) => compareCategories(a.row, b.row));
    node.countChildCategories = node.children.length;
    for (const child of node.children) node.countArticlesRecursive += walk(child, depth + 1);
    return node.countArticlesRecursive;
  };
  for (const root of roots) walk(root, 0);
  return { byID, roots };
}

/** The category and every category below it. */
export function subtreeIDs<C extends TreeCategory>(node: TreeNode<C>): Set<number> {
  const ids = new Set<number>();
  const visit = (current: TreeNode<C>) => {
    ids.add(current.row.knowledgeCategoryID);
    current.children.forEach(visit);
  };
  visit(node);
  return ids;
}

/** How many levels the deepest category under `node` sits below it (0 without children). */
export function heightOf<C extends TreeCategory>(node: TreeNode<C>): number {
  return node.children.reduce((max, child) => Math.max(max, heightOf(child) + 1), 0);
}

/** The categories from the top-level one down to this one (the root category left out). */
export function trailOf<C extends TreeCategory>(tree: KnowledgeTree<C>, knowledgeCategoryID: number): C[] {
  const trail: C[] = [];
  let node = tree.byID.get(knowledgeCategoryID);
  while (node && node.row.parentID !== ROOT_PARENT_ID) {
    trail.unshift(node.row);
    node = tree.byID.get(node.row.parentID);
  }
  return trail;
}

/** Comparable article fields for a base's or category's own order. */
export interface SortableArticle {
  articleID: number;
  name: string;
  sort: number | null;
  dateInserted: string;
}

/** Articles in a knowledge sort; `manual` is by `sort` (unsorted last), then oldest first. */
export function compareArticles(sort: KnowledgeSort): (a: SortableArticle, b: SortableArticle) => number {
  const byDate = (a: SortableArticle, b: SortableArticle) =>
    Date.parse(a.dateInserted) - Date.parse(b.dateInserted) || a.articleID - b.articleID;
  switch (sort) {
    case "name":
      return (a, b) => a.name.localeCompare(b.name) || a.articleID - b.articleID;
    case "dateInserted":
      return byDate;
    case "dateInsertedDesc":
      return (a, b) => byDate(b, a);
    default:
      return (a, b) => (a.sort ?? Number.MAX_SAFE_INTEGER) - (b.sort ?? Number.MAX_SAFE_INTEGER) || byDate(a, b);
  }
}
