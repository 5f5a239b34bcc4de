import { describe, expect, it } from "vitest";
import { defaultNavigationItems, normalizeNavigationUrl } from "./navigation.ts";

describe("normalizeNavigationUrl", () => {
  it("keeps absolute, protocol-relative, root-relative and '~' URLs", () => {
    for (const url of [
      "https://example.com/x",
      "http://example.com",
      "mailto:team@example.com",
      "//cdn.example.com/a",
      "/discussions",
      "/",
      "~/kb/articles",
      "~kb",
    ]) {
      expect(normalizeNavigationUrl(url)).toBe(url);
    }
  });

  it("prepends a slash to anything else", () => {
    expect(normalizeNavigationUrl("discussions")).toBe("/discussions");
    expect(normalizeNavigationUrl("categories/general?x=1")).toBe("/categories/general?x=1");
    expect(normalizeNavigationUrl("")).toBe("/");
    expect(normalizeNavigationUrl("  kb ")).toBe("/kb");
  });

  it("defaults to Posts then Categories, then the knowledge base and the groups for those who may read them", () => {
    expect(defaultNavigationItems.map(({ name, url }) => [name, url])).toEqual([
      ["Posts", "/discussions"],
      ["Categories", "/categories"],
      ["Knowledge Base", "/kb"],
      ["Groups", "/groups"],
    ]);
    expect(defaultNavigationItems[2]).toMatchObject({ permission: "kb.view" });
    expect(defaultNavigationItems[3]).toMatchObject({ permission: "discussions.view" });
  });
});
