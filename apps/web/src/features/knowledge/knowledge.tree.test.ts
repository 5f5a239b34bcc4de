import { describe, expect, it } from "vitest";
import type { KnowledgeNavigationItem } from "@parley/contracts";
import { buildNavigationTree, findNode, firstArticle, guideArticleID } from "./knowledge.tree.ts";

const origin = "http://forum.test";
const category = (recordID: number, name: string, parentID: number): KnowledgeNavigationItem => ({
  recordType: "knowledgeCategory",
  recordID,
  name,
  url: `${origin}/kb/categories/${recordID}-${name.toLowerCase()}`,
  parentID,
  knowledgeCategoryID: recordID,
  sort: null,
});
const article = (recordID: number, name: string, parentID: number): KnowledgeNavigationItem => ({
  recordType: "article",
  recordID,
  name,
  url: `${origin}/kb/articles/${recordID}-${name.toLowerCase()}`,
  parentID,
  knowledgeCategoryID: parentID,
  sort: null,
});

/** A tree as names, to compare at a glance. */
const shape = (nodes: ReturnType<typeof buildNavigationTree>): unknown =>
  nodes.map((node) => (node.children.length ? { [node.name]: shape(node.children) } : node.name));

describe("the guide navigation tree from navigation-flat", () => {
  it("nests categories and articles under the root, in the API's order, whatever order they come in", () => {
    const items = [
      article(11, "Install", 2),
      category(2, "Setup", 1),
      category(3, "Upgrade", 2),
      article(12, "Backup", 3),
      category(4, "Admin", 1),
      article(13, "Roles", 4),
      article(14, "Welcome", 1),
    ];
    const tree = buildNavigationTree(items, 1);
    expect(shape(tree)).toEqual([{ Setup: ["Install", { Upgrade: ["Backup"] }] }, { Admin: ["Roles"] }, "Welcome"]);
    expect(tree[0]!.path).toBe("/kb/categories/2-setup");
    expect(findNode(tree, "article", 12)?.path).toBe("/kb/articles/12-backup");
  });

  it("leaves out what hangs from no reachable category (unknown parents, cycles)", () => {
    const items = [
      category(2, "Setup", 1),
      article(11, "Orphan", 99),
      category(5, "A", 6),
      category(6, "B", 5),
      article(15, "Lost", 5),
      category(7, "Self", 7),
    ];
    expect(shape(buildNavigationTree(items, 1))).toEqual(["Setup"]);
  });

  it("finds a guide's first article depth first, unless the base names its default one", () => {
    const tree = buildNavigationTree(
      [
        category(2, "Empty", 1),
        category(3, "Start", 1),
        category(4, "Deep", 3),
        article(20, "First", 4),
        article(21, "Second", 3),
      ],
      1,
    );
    expect(firstArticle(tree)?.recordID).toBe(20);
    expect(guideArticleID(null, tree)).toBe(20);
    expect(guideArticleID(21, tree)).toBe(21);
    expect(guideArticleID(null, [])).toBeNull();
  });
});
