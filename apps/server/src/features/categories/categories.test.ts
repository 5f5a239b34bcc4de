import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Value } from "typebox/value";
import { Category, CategoryTreeItem, paginationHeaders, type CategoryTreeItem as Tree } from "@parley/contracts";
import { fewestQueries } from "../../platform/db/query-count.ts";
import { engines } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";

describe.each(engines)("categories API on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { host: "forum.test" } });

  it("lists the top-level categories as a tree with their children", async () => {
    const response = await get("/api/v2/categories");
    expect(response.statusCode).toBe(200);
    const tree = response.json<Tree[]>();
    expect(tree.map((category) => category.name)).toEqual([
      "Announcements",
      "General Discussion",
      "Help & Support",
      "Ideas & Feedback",
      "Show and Tell",
      "Off Topic",
    ]);
    const help = tree.find((category) => category.urlcode === "help")!;
    expect(help.children?.map((child) => child.urlcode)).toEqual(["installation", "troubleshooting"]);
    expect(help).toMatchObject({
      parentCategoryID: -1,
      depth: 1,
      displayAs: "categories",
      countCategories: 2,
      url: "http://forum.test/categories/help",
      customPermissions: false,
      isArchived: false,
      followed: false,
    });
    // The subtree's totals: 2 discussions in Installation + 1 in Troubleshooting.
    expect(help.countDiscussions).toBe(0);
    expect(help.countAllDiscussions).toBe(3);
    expect(help.countAllComments).toBe(5);
    for (const item of tree)
      expect(Value.Check(CategoryTreeItem, item) || Value.Errors(CategoryTreeItem, item)).toBe(true);
    expect(response.headers[paginationHeaders.current]).toBeUndefined();
  });

  it("writes RFC 3339 dates", async () => {
    const [first] = (await get("/api/v2/categories")).json<Tree[]>();
    expect(first!.dateInserted).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
  });

  it("limits the tree with maxDepth", async () => {
    const tree = (await get("/api/v2/categories?maxDepth=1")).json<Tree[]>();
    expect(tree.find((category) => category.urlcode === "help")?.children).toEqual([]);
  });

  it("lists a category's children by parentCategoryID or parentCategoryCode", async () => {
    const help = (await get("/api/v2/categories/$urlcode:help")).json<Tree>();
    const byId = (await get(`/api/v2/categories?parentCategoryID=${help.categoryID}`)).json<Tree[]>();
    const byCode = (await get("/api/v2/categories?parentCategoryCode=help")).json<Tree[]>();
    expect(byId.map((category) => category.name)).toEqual(["Installation", "Troubleshooting"]);
    expect(byCode).toEqual(byId);
    expect(byId[0]).toMatchObject({ parentCategoryID: help.categoryID, depth: 2 });
  });

  it("pages the flat list with Vanilla's headers (absolute URLs, defaults omitted)", async () => {
    const response = await get("/api/v2/categories?limit=3&page=2&maxDepth=2&expand[0]=all");
    expect(response.statusCode).toBe(200);
    const items = response.json<Tree[]>();
    expect(items).toHaveLength(3);
    expect(items.every((item) => item.children === undefined)).toBe(true);
    const h = response.headers;
    expect(h[paginationHeaders.current]).toBe("2");
    expect(h[paginationHeaders.limit]).toBe("3");
    expect(h[paginationHeaders.resultCount]).toBe("8");
    expect(h[paginationHeaders.prevUrl]).toBe("http://forum.test/api/v2/categories?limit=3&expand%5B0%5D=all&page=1");
    expect(h[paginationHeaders.nextUrl]).toBe("http://forum.test/api/v2/categories?limit=3&expand%5B0%5D=all&page=3");
    expect(h[paginationHeaders.lastUrl]).toContain("page=3");
    expect(h["link"]).toContain('rel="next"');
    const last = (await get("/api/v2/categories?limit=3&page=3")).json<Tree[]>();
    expect(last).toHaveLength(2);
  });

  it("gets one category by id and by smart id", async () => {
    const byCode = await get("/api/v2/categories/$urlcode:general");
    expect(byCode.statusCode).toBe(200);
    const category = byCode.json<Tree>();
    expect(Value.Check(Category, category)).toBe(true);
    const byId = (await get(`/api/v2/categories/${category.categoryID}`)).json<Tree>();
    expect(byId).toEqual(category);
    const byName = (await get(`/api/v2/categories/${encodeURIComponent("$name:General Discussion")}`)).json<Tree>();
    expect(byName.categoryID).toBe(category.categoryID);
    expect(byId).toMatchObject({ name: "General Discussion", countDiscussions: 2, countComments: 6 });
  });

  it("answers 404 with Vanilla's messages", async () => {
    const missing = await get("/api/v2/categories/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Category not found.", status: 404, description: null });
    expect((await get("/api/v2/categories/-1")).statusCode).toBe(404);
    const smart = await get("/api/v2/categories/$urlcode:nope");
    expect(smart.json()).toMatchObject({ message: "Smart ID not found.", status: 404 });
    expect((await get("/api/v2/categories?parentCategoryID=424242")).statusCode).toBe(404);
  });

  it("rejects bad input with field errors", async () => {
    const response = await get("/api/v2/categories?maxDepth=0&limit=500&outputFormat=round");
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const body = response.json<{ message: string; status: number; errors: Array<{ field: string; code: string }> }>();
    expect(body.message).toBe("Validation Failed");
    expect(body.status).toBe(response.statusCode);
    const fields = body.errors.map((error) => error.field).sort();
    expect(fields).toEqual(["limit", "maxDepth", "outputFormat"]);
    expect(body.errors.find((error) => error.field === "maxDepth")).toMatchObject({ code: "minimum", status: 400 });
    expect(body.errors.find((error) => error.field === "limit")).toMatchObject({ code: "maximum" });
    expect((await get("/api/v2/categories/abc")).statusCode).toBe(400);
  });

  it("runs a fixed number of queries, whatever the tree's size", async () => {
    expect(await fewestQueries(() => get("/api/v2/categories"))).toBe(2);
    expect(await fewestQueries(() => get("/api/v2/categories?limit=100"))).toBe(2);
    expect(await fewestQueries(() => get("/api/v2/categories?parentCategoryCode=help"))).toBe(2);
  });
});
