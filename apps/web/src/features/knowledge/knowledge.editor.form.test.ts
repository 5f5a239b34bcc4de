import { describe, expect, it } from "vitest";
import type { KnowledgeCategory } from "@parley/contracts";
import { articleFormErrors, categoryOptions, savedFormat } from "./knowledge.editor.form.ts";

const category = (
  knowledgeCategoryID: number,
  name: string,
  parentID: number,
  knowledgeBaseID = 1,
): KnowledgeCategory => ({
  knowledgeCategoryID,
  name,
  parentID,
  knowledgeBaseID,
  sort: null,
  sortChildren: null,
  countArticles: 0,
  countArticlesRecursive: 0,
  countChildCategories: 0,
  url: `http://forum.test/kb/categories/${knowledgeCategoryID}`,
  insertUserID: 1,
  dateInserted: "2026-01-01T00:00:00+00:00",
  updateUserID: null,
  dateUpdated: null,
});

describe("the article editor's form", () => {
  it("offers every category below the root, named with its parents", () => {
    const categories = [
      category(1, "Help Center", -1),
      category(2, "Your Account", 1),
      category(3, "Passwords", 2),
      category(4, "Getting Started", 1),
    ];
    expect(categoryOptions(categories, [{ knowledgeBaseID: 1, name: "Help Center", rootCategoryID: 1 }])).toEqual([
      { value: "4", label: "Getting Started" },
      { value: "2", label: "Your Account" },
      { value: "3", label: "Your Account › Passwords" },
    ]);
  });

  it("names the base when categories of several bases are offered", () => {
    const categories = [
      category(1, "Root", -1, 1),
      category(2, "Start", 1, 1),
      category(5, "Root", -1, 2),
      category(6, "Roles", 5, 2),
    ];
    const bases = [
      { knowledgeBaseID: 1, name: "Help Center", rootCategoryID: 1 },
      { knowledgeBaseID: 2, name: "Administrator Guide", rootCategoryID: 5 },
    ];
    expect(categoryOptions(categories, bases).map((option) => option.label)).toEqual([
      "Administrator Guide › Roles",
      "Help Center › Start",
    ]);
  });

  it("asks for a title, a category and a body", () => {
    const messages = { name: "title", body: "body", knowledgeCategoryID: "category" };
    expect(articleFormErrors({ name: " ", body: "", knowledgeCategoryID: "x" }, messages)).toEqual({
      name: "title",
      body: "body",
      knowledgeCategoryID: "category",
    });
    expect(articleFormErrors({ name: "A", body: "B", knowledgeCategoryID: "3" }, messages)).toEqual({});
  });

  it("saves in the posted format, keeping a rich2 document edited as its source", () => {
    expect(savedFormat("rich2", "rich2", "[]")).toBe("rich2");
    expect(savedFormat("markdown", "rich2", '[{"type":"p","children":[{"text":"x"}]}]')).toBe("rich2");
    expect(savedFormat("markdown", "rich2", "# Title")).toBe("markdown");
    expect(savedFormat("html", "html", "<p>x</p>")).toBe("html");
    expect(savedFormat("", "", "x")).toBe("markdown");
  });
});
