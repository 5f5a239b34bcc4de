import { describe, expect, it } from "vitest";
import type { CategoryTreeItem } from "@parley/contracts";
import { dropPlace, movePlace, treeEntries } from "./categories.tree.ts";

const node = (categoryID: number, children: CategoryTreeItem[] = []) =>
  ({ categoryID, name: `C${categoryID}`, children }) as unknown as CategoryTreeItem;

// 1, 2 (with 21, 22), 3
const tree = [node(1), node(2, [node(21), node(22)]), node(3)];
const entry = (id: number) => treeEntries(tree).find((candidate) => candidate.category.categoryID === id)!;

describe("the dashboard's category moves", () => {
  it("lists the tree depth first with each category's parent and position", () => {
    expect(treeEntries(tree).map((e) => [e.category.categoryID, e.parentCategoryID, e.index])).toEqual([
      [1, -1, 0],
      [2, -1, 1],
      [21, 2, 0],
      [22, 2, 1],
      [3, -1, 2],
    ]);
  });

  it("moves up and down among the siblings, not past either end", () => {
    expect(movePlace(entry(2), "up")).toEqual({ parentCategoryID: -1, sort: 0 });
    expect(movePlace(entry(2), "down")).toEqual({ parentCategoryID: -1, sort: 2 });
    expect(movePlace(entry(1), "up")).toBeNull();
    expect(movePlace(entry(22), "down")).toBeNull();
  });

  it("moves in under the sibling above, at its end, and out just after the parent", () => {
    expect(movePlace(entry(3), "in")).toEqual({ parentCategoryID: 2, sort: 2 });
    expect(movePlace(entry(1), "in")).toBeNull();
    expect(movePlace(entry(21), "out")).toEqual({ parentCategoryID: -1, sort: 2 });
    expect(movePlace(entry(1), "out")).toBeNull();
  });

  it("drops before, after or inside another category, never inside itself", () => {
    expect(dropPlace(entry(3).category, entry(21), "before")).toEqual({ parentCategoryID: 2, sort: 0 });
    expect(dropPlace(entry(3).category, entry(21), "inside")).toEqual({ parentCategoryID: 21, sort: 0 });
    // Down past a sibling: its own place no longer counts.
    expect(dropPlace(entry(1).category, entry(3), "after")).toEqual({ parentCategoryID: -1, sort: 2 });
    expect(dropPlace(entry(3).category, entry(1), "before")).toEqual({ parentCategoryID: -1, sort: 0 });
    expect(dropPlace(entry(2).category, entry(22), "inside")).toBeNull();
    expect(dropPlace(entry(2).category, entry(2), "after")).toBeNull();
  });
});
