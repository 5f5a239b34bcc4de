import type { KnowledgeNavigationItem } from "@parley/contracts";
import { localPath } from "./knowledge.urls.ts";

/** One entry of a base's navigation: a category (with what it holds) or an article. */
export interface NavigationNode {
  recordType: KnowledgeNavigationItem["recordType"];
  recordID: number;
  name: string;
  /** The page's path on this site. */
  path: string;
  children: NavigationNode[];
}

const nodeKey = (recordType: string, recordID: number) => `${recordType}:${recordID}`;

/**
 * The tree of a base's navigation from `GET /knowledge-bases/{id}/navigation-flat`: what sits directly
 * in the root category at the top, each category holding its articles and subcategories, in the order
 * the API gives them. An item whose category is not in the list is left out (it could not be reached).
 */
export function buildNavigationTree(
  items: readonly KnowledgeNavigationItem[],
  rootCategoryID: number,
): NavigationNode[] {
  const categories = new Map<number, NavigationNode>();
  const nodes = items.map((item) => {
    const node: NavigationNode = {
      recordType: item.recordType,
      recordID: item.recordID,
      name: item.name,
      path: localPath(item.url),
      children: [],
    };
    if (item.recordType === "knowledgeCategory") categories.set(item.recordID, node);
    return { item, node };
  });
  const top: NavigationNode[] = [];
  const placed = new Set<string>();
  for (const { item, node } of nodes) {
    const key = nodeKey(item.recordType, item.recordID);
    if (placed.has(key)) continue;
    // A category listed as its own parent would hang the tree on itself.
    if (item.recordType === "knowledgeCategory" && item.parentID === item.recordID) continue;
    const parent = item.parentID === rootCategoryID ? null : categories.get(item.parentID);
    if (item.parentID !== rootCategoryID && !parent) continue;
    placed.add(key);
    (parent ? parent.children : top).push(node);
  }
  // Only what hangs from the root is reachable: cycles between categories are dropped.
  const reachable = new Set<NavigationNode>();
  const walk = (list: NavigationNode[]): NavigationNode[] =>
    list
      .filter((node) => !reachable.has(node))
      .map((node) => {
        reachable.add(node);
        node.children = walk(node.children);
        return node;
      });
  return walk(top);
}

/** The first article of the tree, depth first: a guide's first page when it names no default article. */
export function firstArticle(tree: readonly NavigationNode[]): NavigationNode | null {
  for (const node of tree) {
    if (node.recordType === "article") return node;
    const inside = firstArticle(node.children);
    if (inside) return inside;
  }
  return null;
}

/** The node of a record in the tree, or null. */
export function findNode(
  tree: readonly NavigationNode[],
  recordType: NavigationNode["recordType"],
  recordID: number,
): NavigationNode | null {
  for (const node of tree) {
    if (node.recordType === recordType && node.recordID === recordID) return node;
    const inside = findNode(node.children, recordType, recordID);
    if (inside) return inside;
  }
  return null;
}

/** The article a guide's home shows: its default article, else the first one of its navigation. */
export function guideArticleID(defaultArticleID: number | null, tree: readonly NavigationNode[]): number | null {
  return defaultArticleID ?? firstArticle(tree)?.recordID ?? null;
}
