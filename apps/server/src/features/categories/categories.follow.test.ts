import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Category, limits, type Category as CategoryRecord, type SearchResult } from "@parley/contracts";
import { roleIDOfType } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  getDiscussions,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "fern" | "gus";

describe.each(engines)("following categories on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let inGeneral: number;
  let inIdeas: number;

  const follow = (categoryID: number | string, followed: boolean, as = f.as.fern) =>
    f.api.put(`/api/v2/categories/${categoryID}/follow`, { followed }, { as });
  const category = async (categoryID: number, as = f.as.fern) => {
    const response = await f.api.get(`/api/v2/categories/${categoryID}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CategoryRecord>();
  };
  const searchIDs = async (query: string, as: typeof f.as.fern | null) => {
    const response = await f.api.get(`/api/v2/search?${query}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SearchResult[]>().map((item) => `${item.recordType}:${item.recordID}`);
  };

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      fern: { name: "Fern Follower", role: "member", bypassSpam: true },
      gus: { name: "Gus Other", role: "member", bypassSpam: true },
    });
    inGeneral = (
      await postDiscussion(f.api, f.as.gus, {
        name: "Marmalade recipes",
        body: "Seville marmalade.",
        categoryID: f.category.general,
      })
    ).discussionID;
    inIdeas = (
      await postDiscussion(f.api, f.as.gus, {
        name: "Marmalade button",
        body: "A marmalade reaction.",
        categoryID: f.category.ideas,
      })
    ).discussionID;
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("PUT /categories/{id}/follow follows and unfollows; the record shows followed and countFollowers", async () => {
    const response = await follow(f.category.general, true);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ followed: true });
    // Following again changes nothing.
    expect((await follow(f.category.general, true)).json()).toEqual({ followed: true });
    const mine = await category(f.category.general);
    expectSchema(Category, mine);
    expect(mine).toMatchObject({ followed: true, countFollowers: 1 });
    // Another member sees the count, not Fern's status; the tree and the smart id agree.
    expect(await category(f.category.general, f.as.gus)).toMatchObject({ followed: false, countFollowers: 1 });
    const tree = (await f.api.get("/api/v2/categories", { as: f.as.fern })).json<CategoryRecord[]>();
    expect(tree.find((item) => item.categoryID === f.category.general)?.followed).toBe(true);
    expect(tree.find((item) => item.categoryID === f.category.ideas)?.followed).toBe(false);

    expect((await follow("$urlcode:general", false)).json()).toEqual({ followed: false });
    expect(await category(f.category.general)).toMatchObject({ followed: false, countFollowers: 0 });
  });

  it("needs a signed-in member who may view the category, and a category that lists discussions", async () => {
    // A guest holds no session: refused like every write of a guest.
    expect((await follow(f.category.general, true, null as never)).statusCode).toBe(403);
    const staffOnly = f.category["show-and-tell"];
    const memberRole = await roleIDOfType(f.t.database.db, "member");
    const hide = await f.api.patch(
      `/api/v2/roles/${memberRole}`,
      { permissions: [{ type: "category", id: staffOnly, permissions: { "discussions.view": false } }] },
      { as: f.admin },
    );
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await follow(staffOnly, true)).statusCode).toBe(403);
    // Help & Support groups other categories (displayAs categories): nothing to follow there.
    const group = await follow(f.category.help, true);
    expect(group.statusCode).toBe(400);
    expect(group.json<{ message: string }>().message).toBe("Category not configured to display as discussions.");
    expect((await follow(999_999, true)).statusCode).toBe(404);
  });

  it("refuses past the follow limit with an actionButton", async () => {
    const db = f.t.database.db;
    const max = limits.categories.maxFollowed;
    // Rows for categories that do not take part in the test: the count is what matters.
    const base = await db
      .insertInto("categories")
      .values(
        Array.from({ length: max }, (_, index) => ({
          parentCategoryID: -1,
          name: `Filler ${index}`,
          urlcode: `filler-${index}`,
          description: null,
          depth: 1,
          dateInserted: new Date().toISOString(),
          dateUpdated: null,
          insertUserID: f.adminID,
          updateUserID: null,
          permissionCategoryID: -1,
          lastDiscussionID: null,
          lastCommentID: null,
          dateLastPost: null,
          iconUrl: null,
        })),
      )
      .returning("categoryID")
      .execute();
    await db
      .insertInto("userCategories")
      .values(base.map((row) => ({ userID: f.users.gus.userID, categoryID: row.categoryID, followed: 1 })))
      .execute();
    try {
      const refused = await follow(f.category.general, true, f.as.gus);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: `You are already following the maximum of ${max} categories. Unfollow a category before following another.`,
        actionButton: { label: "Review your followed categories" },
      });
      // Unfollowing is always allowed.
      expect((await follow(base[0]!.categoryID, false, f.as.gus)).json()).toEqual({ followed: false });
      expect((await follow(f.category.general, true, f.as.gus)).json()).toEqual({ followed: true });
    } finally {
      await db.deleteFrom("userCategories").where("userID", "=", f.users.gus.userID).execute();
      await db.deleteFrom("categories").where("urlcode", "like", "filler-%").execute();
    }
  });

  it("GET /categories?followed, followedUserID and sort=±dateFollowed", async () => {
    await follow(f.category.ideas, true);
    await follow(f.category.general, true);
    const list = async (query: string, as = f.as.fern) => {
      const response = await f.api.get(`/api/v2/categories?${query}`, { as });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CategoryRecord[]>().map((item) => item.urlcode);
    };
    expect(await list("followed=true")).toEqual(["general", "ideas"]);
    expect(await list("followed=true&sort=-dateFollowed")).toEqual(["general", "ideas"]);
    expect(await list("followed=true&sort=dateFollowed")).toEqual(["ideas", "general"]);
    expect(await list("followed=true&sort=-name")).toEqual(["ideas", "general"]);
    expect(await list("followed=true", f.as.gus)).toEqual([]);
    expect(
      (await f.api.get(`/api/v2/categories?followedUserID=${f.users.fern.userID}`, { as: f.as.gus })).statusCode,
    ).toBe(403);
    expect(await list(`followedUserID=${f.users.fern.userID}`, f.admin)).toEqual(["general", "ideas"]);
  });

  it("GET /discussions?followed=true lists the followed categories' discussions; a guest's is empty", async () => {
    await follow(f.category.general, true);
    await follow(f.category.ideas, false);
    const ids = (await getDiscussions(f.api, "followed=true&limit=100", f.as.fern)).map((d) => d.discussionID);
    expect(ids).toContain(inGeneral);
    expect(ids).not.toContain(inIdeas);
    const all = (await getDiscussions(f.api, "limit=100", f.as.fern)).map((d) => d.discussionID);
    expect(all).toContain(inIdeas);
    expect(await getDiscussions(f.api, "followed=true", null)).toEqual([]);
  });

  it("search followedCategories: only posts in the searcher's followed categories; none for a guest", async () => {
    await follow(f.category.general, true);
    await follow(f.category.ideas, false);
    expect((await searchIDs("query=marmalade", f.as.fern)).sort()).toEqual(
      [`discussion:${inGeneral}`, `discussion:${inIdeas}`].sort(),
    );
    expect(await searchIDs("query=marmalade&followedCategories=true", f.as.fern)).toEqual([`discussion:${inGeneral}`]);
    await follow(f.category.ideas, true);
    expect((await searchIDs("query=marmalade&followedCategories=true", f.as.fern)).sort()).toEqual(
      [`discussion:${inGeneral}`, `discussion:${inIdeas}`].sort(),
    );
    // Gus follows nothing; a guest follows nothing either.
    expect(await searchIDs("query=marmalade&followedCategories=true", f.as.gus)).toEqual([]);
    expect(await searchIDs("query=marmalade&followedCategories=true", null)).toEqual([]);
    expect(await searchIDs("query=marmalade", null)).toHaveLength(2);
  });
});
