import type { KnowledgeCategory } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import { baseFromForm, categoryTree, flattenTree, moveSorts } from "./knowledge.dashboard.form.ts";

const category = (knowledgeCategoryID: number, parentID: number, name: string, sort: number | null = null) =>
  ({ knowledgeCategoryID, parentID, name, sort }) as KnowledgeCategory;

describe("the knowledge base dashboard's forms", () => {
  it("reads a posted base form as the API's body, trimmed, keeping the values to show again", () => {
    const form = new FormData();
    form.set("name", "  Help ");
    form.set("urlCode", "help ");
    form.set("viewType", "guide");
    form.set("sortArticles", "manual");
    const { body, values } = baseFromForm(form);
    expect(body).toEqual({
      name: "Help",
      description: "",
      urlCode: "help",
      viewType: "guide",
      sortArticles: "manual",
      icon: "",
      bannerImage: "",
    });
    expect(values["name"]).toBe("  Help ");
  });

  it("nests a base's categories under its root, in the readers' order (sort, then name)", () => {
    const tree = categoryTree(
      [
        category(1, -1, "Root"),
        category(2, 1, "Zebra", 0),
        category(3, 1, "Apple"),
        category(4, 1, "Mango", 1),
        category(5, 3, "Seeds"),
      ],
      1,
    );
    expect(tree.map((node) => node.category.name)).toEqual(["Zebra", "Mango", "Apple"]);
    expect(flattenTree(tree).map((node) => [node.category.name, node.depth])).toEqual([
      ["Zebra", 1],
      ["Mango", 1],
      ["Apple", 1],
      ["Seeds", 2],
    ]);
  });

  it("moves a category among its siblings by giving each the sort of its new place", () => {
    const siblings = [category(2, 1, "B"), category(3, 1, "A"), category(4, 1, "C")];
    expect(moveSorts(siblings, 2, "up")).toEqual([
      { knowledgeCategoryID: 2, sort: 0 },
      { knowledgeCategoryID: 3, sort: 1 },
      { knowledgeCategoryID: 4, sort: 2 },
    ]);
    const sorted = [category(2, 1, "B", 0), category(3, 1, "A", 1), category(4, 1, "C", 2)];
    expect(moveSorts(sorted, 4, "up")).toEqual([
      { knowledgeCategoryID: 4, sort: 1 },
      { knowledgeCategoryID: 3, sort: 2 },
    ]);
    expect(moveSorts(sorted, 2, "up")).toEqual([]);
    expect(moveSorts(sorted, 4, "down")).toEqual([]);
  });
});
