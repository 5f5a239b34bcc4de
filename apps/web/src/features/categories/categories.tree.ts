import type { CategoryTreeItem } from "@parley/contracts";
import { ROOT_CATEGORY_ID } from "@parley/contracts/categories-constants";

/** The keyboard moves of the dashboard's tree (Vanilla's drag, one step at a time). */
export const categoryMoves = ["up", "down", "in", "out"] as const;
export type CategoryMove = (typeof categoryMoves)[number];

/** Where a category goes: under this parent, at this position among its children (0 first). */
export interface CategoryPlace {
  parentCategoryID: number;
  sort: number;
}

/** A category of the tree with what a move needs: its parent and siblings, in order. */
export interface TreeEntry {
  category: CategoryTreeItem;
  parentCategoryID: number;
  siblings: CategoryTreeItem[];
  index: number;
  /** The parent's own entry (none at the top level). */
  parent?: TreeEntry;
}

/** Every category of the tree, depth first in the tree's order, with its place. */
export function treeEntries(tree: CategoryTreeItem[]): TreeEntry[] {
  const entries: TreeEntry[] = [];
  const walk = (siblings: CategoryTreeItem[], parentCategoryID: number, parent?: TreeEntry) => {
    siblings.forEach((category, index) => {
      const entry: TreeEntry = { category, parentCategoryID, siblings, index, ...(parent ? { parent } : {}) };
      entries.push(entry);
      walk(category.children ?? [], category.categoryID, entry);
    });
  };
  walk(tree, ROOT_CATEGORY_ID);
  return entries;
}

/** The category and its subcategories' ids (where it cannot be put). */
export function subtreeIDs(category: CategoryTreeItem): number[] {
  return [category.categoryID, ...(category.children ?? []).flatMap(subtreeIDs)];
}

/**
 * Where a keyboard move puts the category: up or down one place among its siblings, in (the last child of the
 * sibling above it) or out (just after its parent). Null when the move goes nowhere (the first one up …).
 */
export function movePlace(entry: TreeEntry, move: CategoryMove): CategoryPlace | null {
  const { siblings, index, parentCategoryID, parent } = entry;
  if (move === "up") return index > 0 ? { parentCategoryID, sort: index - 1 } : null;
  if (move === "down") return index < siblings.length - 1 ? { parentCategoryID, sort: index + 1 } : null;
  if (move === "in") {
    const above = siblings[index - 1];
    return above ? { parentCategoryID: above.categoryID, sort: above.children?.length ?? 0 } : null;
  }
  return parent ? { parentCategoryID: parent.parentCategoryID, sort: parent.index + 1 } : null;
}

/**
 * Where a drop puts the dragged category, by where it lands on another one: its top quarter before it, its
 * bottom quarter after it, the middle inside it (its last child). Null for the category itself or inside it.
 */
export function dropPlace(
  dragged: CategoryTreeItem,
  target: TreeEntry,
  zone: "before" | "inside" | "after",
): CategoryPlace | null {
  if (subtreeIDs(dragged).includes(target.category.categoryID)) return null;
  if (zone === "inside") {
    const children = target.category.children ?? [];
    return { parentCategoryID: target.category.categoryID, sort: children.length };
  }
  // The position counts the siblings without the dragged one (the server takes it out first).
  const from = target.siblings.findIndex((sibling) => sibling.categoryID === dragged.categoryID);
  const index = from !== -1 && from < target.index ? target.index - 1 : target.index;
  return { parentCategoryID: target.parentCategoryID, sort: zone === "before" ? index : index + 1 };
}
