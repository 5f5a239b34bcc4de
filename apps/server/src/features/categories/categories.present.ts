import type { Category, CategoryDisplayAs, CategoryTreeItem } from "@parley/contracts";
import { readAllowedTypes, type CategoryRow } from "./categories.repo.ts";
import { toRfc3339 } from "../../platform/dates.ts";

export interface PresentContext {
  /** The site's origin, for absolute URLs. */
  origin: string;
  /** Whether the viewer may see a category (its discussions.view); unseen ones and their subtrees are left out. */
  canView?: (row: CategoryRow) => boolean;
  /** The categories the viewer follows (`followed`); none when not given. */
  followed?: ReadonlySet<number>;
  /** Names and descriptions in the reader's content locale, by category (those translated). */
  translated?: ReadonlyMap<number, Readonly<Record<string, string>>>;
  /** The site's own post types each category takes (`allowedPostTypeIDs`); none when not given. */
  allowedPostTypes?: ReadonlyMap<number, string[]>;
}

export const categoryUrl = (origin: string, row: Pick<CategoryRow, "urlcode" | "categoryID">) =>
  `${origin}/categories/${encodeURIComponent(row.urlcode || String(row.categoryID))}`;

/** A category row → the API record (Vanilla's field names). */
export function presentCategory(row: CategoryRow, context: PresentContext): Category {
  const translated = context.translated?.get(row.categoryID);
  return {
    categoryID: row.categoryID,
    name: translated?.["name"] ?? row.name,
    urlcode: row.urlcode,
    url: categoryUrl(context.origin, row),
    description: translated?.["description"] ?? row.description,
    parentCategoryID: row.parentCategoryID,
    displayAs: row.displayAs as CategoryDisplayAs,
    customPermissions: row.customPermissions === 1,
    isArchived: row.isArchived === 1,
    featured: row.featured === 1,
    countCategories: row.countCategories,
    countDiscussions: row.countDiscussions,
    countComments: row.countComments,
    countAllDiscussions: row.countAllDiscussions,
    countAllComments: row.countAllComments,
    countFollowers: row.countFollowers,
    followed: context.followed?.has(row.categoryID) ?? false,
    depth: row.depth,
    iconUrl: row.iconUrl,
    bannerUrl: row.bannerUrl,
    allowedDiscussionTypes: readAllowedTypes(row.allowedDiscussionTypes),
    ideationType: row.ideationType === "up-down" ? "up-down" : "up",
    allowedPostTypeIDs: context.allowedPostTypes?.get(row.categoryID) ?? [],
    dateInserted: toRfc3339(row.dateInserted),
    dateUpdated: row.dateUpdated === null ? null : toRfc3339(row.dateUpdated),
    insertUserID: row.insertUserID,
    updateUserID: row.updateUserID,
  };
}

/**
 * Builds the tree below `parentID` from rows ordered by depth: each row hangs under its parent;
 * rows whose parent is not in the subtree are dropped.
 */
export function buildTree(rows: CategoryRow[], parentID: number, context: PresentContext): CategoryTreeItem[] {
  const nodes = new Map<number, CategoryTreeItem>();
  const roots: CategoryTreeItem[] = [];
  for (const row of rows) {
    if (context.canView && !context.canView(row)) continue;
    const node: CategoryTreeItem = { ...presentCategory(row, context), children: [] };
    if (row.parentCategoryID === parentID) {
      roots.push(node);
    } else {
      const parent = row.parentCategoryID === null ? undefined : nodes.get(row.parentCategoryID);
      if (!parent) continue;
      parent.children!.push(node);
    }
    nodes.set(row.categoryID, node);
  }
  return roots;
}

/** The tree in pre-order, without `children` (the flat output format). */
export function flattenTree(items: CategoryTreeItem[]): Category[] {
  const out: Category[] = [];
  const walk = (nodes: CategoryTreeItem[]) => {
    for (const { children, ...category } of nodes) {
      out.push(category);
      if (children) walk(children);
    }
  };
  walk(items);
  return out;
}
