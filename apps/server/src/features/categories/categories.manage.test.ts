import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "@parley/contracts";
import { createApi, createUser, roleIDOfType, seededAdmin, type Api, type Session } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";

interface SearchResult extends Category {
  breadcrumbs?: Array<{ name: string; url: string }>;
}

describe.each(engines)("managing categories on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let admin: Session;
  let member: Session;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true });
    api = createApi(t.app);
    admin = await api.signIn(seededAdmin);
    const user = await createUser(t.database.db, { name: "cat_member", password: "member-password", role: "member" });
    member = await api.signIn(user);
  });
  afterAll(async () => {
    await t?.close();
  });

  const category = async (code: string) =>
    (await api.get(`/api/v2/categories/$urlcode:${code}`, { as: admin })).json<Category>();

  it("creates a nested category (managers only), with depth and the parent's counts", async () => {
    const help = await category("help");
    const refused = await api.post("/api/v2/categories", { name: "Nope", urlcode: "nope" }, { as: member });
    expect(refused.statusCode).toBe(403);
    const created = await api.post(
      "/api/v2/categories",
      {
        name: "Upgrades <b>now</b>",
        urlcode: "upgrades",
        parentCategoryID: help.categoryID,
        description: "Moving versions.",
      },
      { as: admin },
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: "Upgrades now",
      urlcode: "upgrades",
      parentCategoryID: help.categoryID,
      depth: 2,
    });
    expect((await category("help")).countCategories).toBe(3);
    const duplicate = await api.post("/api/v2/categories", { name: "Again", urlcode: "upgrades" }, { as: admin });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json<{ errors: Array<{ field: string }> }>().errors[0]?.field).toBe("urlcode");
    const badCode = await api.post("/api/v2/categories", { name: "Bad", urlcode: "Has Spaces" }, { as: admin });
    expect(badCode.statusCode).toBe(400);
  });

  it("edits and moves a category; it cannot move inside itself", async () => {
    const help = await category("help");
    const upgrades = await category("upgrades");
    const moved = await api.patch(
      `/api/v2/categories/${upgrades.categoryID}`,
      { parentCategoryID: null, name: "Upgrading" },
      { as: admin },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ name: "Upgrading", parentCategoryID: -1, depth: 1 });
    const loop = await api.patch(
      `/api/v2/categories/${help.categoryID}`,
      { parentCategoryID: (await category("installation")).categoryID },
      { as: admin },
    );
    expect(loop.statusCode).toBe(400);
    expect((await api.patch(`/api/v2/categories/${help.categoryID}`, { name: "x" }, { as: member })).statusCode).toBe(
      403,
    );
  });

  it("features categories (managers only): `featured=true` lists them flat at any depth, only those the viewer may read", async () => {
    const help = await category("help");
    const installation = await category("installation");
    const general = await category("general");
    expect(help.featured).toBe(false);
    const refused = await api.patch(`/api/v2/categories/${help.categoryID}`, { featured: true }, { as: member });
    expect(refused.statusCode).toBe(403);
    for (const id of [help.categoryID, installation.categoryID, general.categoryID]) {
      const featured = await api.patch(`/api/v2/categories/${id}`, { featured: true }, { as: admin });
      expect(featured.statusCode, featured.body).toBe(200);
      expect(featured.json<Category>().featured).toBe(true);
    }
    const created = await api.post(
      "/api/v2/categories",
      { name: "Featured from the start", urlcode: "featured-start", featured: true },
      { as: admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    const startID = created.json<Category>().categoryID;
    // Guests may not read the new one; members may.
    const patchRole = async (type: "guest" | "member", view: boolean) => {
      const response = await api.patch(
        `/api/v2/roles/${await roleIDOfType(t.database.db, type)}`,
        { permissions: [{ type: "category", id: startID, permissions: { "discussions.view": view } }] },
        { as: admin },
      );
      expect(response.statusCode, response.body).toBe(200);
    };
    await patchRole("guest", false);
    await patchRole("member", true);

    const featured = async (query: string, as: Session | null) => {
      const response = await api.get(`/api/v2/categories?${query}`, { as });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Array<Category & { children?: unknown }>>();
    };
    const all = await featured("featured=true&maxDepth=10", member);
    // Flat, in the tree's order: a featured child is listed though deeper than the top level.
    expect(all.map((item) => item.categoryID).sort()).toEqual(
      [help.categoryID, installation.categoryID, general.categoryID, startID].sort(),
    );
    expect(all.every((item) => item.children === undefined && item.featured)).toBe(true);
    expect(all.findIndex((item) => item.categoryID === installation.categoryID)).toBeGreaterThan(
      all.findIndex((item) => item.categoryID === help.categoryID),
    );
    const guest = (await featured("featured=true&maxDepth=10", null)).map((item) => item.categoryID);
    expect(guest).not.toContain(startID);
    expect(guest).toEqual(expect.arrayContaining([help.categoryID, general.categoryID]));
    expect((await featured("featured=true&maxDepth=10&limit=1", member)).length).toBe(1);
    const others = (await featured("featured=false&maxDepth=10", member)).map((item) => item.categoryID);
    expect(others).not.toContain(help.categoryID);
    expect(others.length).toBeGreaterThan(0);

    const unfeature = await api.patch(`/api/v2/categories/${general.categoryID}`, { featured: false }, { as: admin });
    expect(unfeature.json<Category>().featured).toBe(false);
    expect((await featured("featured=true&maxDepth=10", member)).map((item) => item.categoryID)).not.toContain(
      general.categoryID,
    );
  });

  it("deletes a category, moving its discussions to another", async () => {
    const general = await category("general");
    const offTopic = await category("off-topic");
    const before = general.countDiscussions + offTopic.countDiscussions;
    const response = await api.delete(`/api/v2/categories/${offTopic.categoryID}`, {
      as: admin,
      body: { newCategoryID: general.categoryID },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await api.get(`/api/v2/categories/${offTopic.categoryID}`, { as: admin })).statusCode).toBe(404);
    expect((await category("general")).countDiscussions).toBe(before);
    const list = await api.get(`/api/v2/discussions?categoryID=${general.categoryID}&limit=100`);
    expect(list.json<unknown[]>()).toHaveLength(before);
  });

  it("deletes a category with its subcategories and content when no replacement is given", async () => {
    const help = await category("help");
    const discussions = await api.get(
      `/api/v2/discussions?categoryID=${help.categoryID}&includeChildCategories=true&limit=100`,
    );
    const ids = discussions.json<Array<{ discussionID: number }>>().map((d) => d.discussionID);
    expect(ids.length).toBeGreaterThan(0);
    // A member told of a comment in it: the notification goes with the comment.
    const mention = await api.post(
      "/api/v2/comments",
      { discussionID: ids[0], body: "Over to you, @cat_member.", format: "markdown" },
      { as: admin },
    );
    expect(mention.statusCode, mention.body).toBe(201);
    const aboutHelp = async () =>
      (await api.get("/api/v2/notifications", { as: member }))
        .json<Array<{ discussionID: number | null }>>()
        .filter((notification) => notification.discussionID !== null && ids.includes(notification.discussionID));
    expect(await aboutHelp()).toHaveLength(1);
    expect((await api.delete(`/api/v2/categories/${help.categoryID}`, { as: member })).statusCode).toBe(403);
    expect((await api.delete(`/api/v2/categories/${help.categoryID}`, { as: admin })).statusCode).toBe(200);
    expect(await aboutHelp()).toEqual([]);
    expect((await api.get(`/api/v2/categories/$urlcode:installation`, { as: admin })).statusCode).toBe(404);
    for (const id of ids) expect((await api.get(`/api/v2/discussions/${id}`, { as: admin })).statusCode).toBe(410);
    const tree = (await api.get("/api/v2/categories")).json<Category[]>();
    expect(tree.map((c) => c.urlcode)).not.toContain("help");
  });

  it("searches names, within a parent, with breadcrumbs, only among visible categories", async () => {
    const created = await api.post(
      "/api/v2/categories",
      {
        name: "Release Notes",
        urlcode: "release-notes",
        parentCategoryID: (await category("announcements")).categoryID,
      },
      { as: admin },
    );
    expect(created.statusCode).toBe(201);
    const found = await api.get("/api/v2/categories/search?query=notes&expand[]=breadcrumbs");
    expect(found.statusCode).toBe(200);
    const results = found.json<SearchResult[]>();
    expect(results.map((r) => r.urlcode)).toEqual(["release-notes"]);
    expect(results[0]?.breadcrumbs?.map((b) => b.name)).toEqual(["Home", "Announcements", "Release Notes"]);
    const within = await api.get(
      `/api/v2/categories/search?query=&parentCategoryID=${(await category("announcements")).categoryID}`,
    );
    expect(within.json<SearchResult[]>().map((r) => r.urlcode)).toEqual(["release-notes"]);
    expect((await api.get("/api/v2/categories/search?query=zzz-nothing")).json()).toEqual([]);
  });
});
