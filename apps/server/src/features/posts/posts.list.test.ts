import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import type { Discussion } from "@parley/contracts";
import {
  createContentFixture,
  expectSchema,
  makeMembersOnly,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

/* `GET /posts` (issue 36): the posts of every type a viewer may read, through the discussion list. */

const cast = {
  ann: { name: "Posts Ann", role: "member", bypassSpam: true },
  ben: { name: "Posts Ben", role: "member", bypassSpam: true },
  moderator: { name: "Posts Moderator", role: "moderator" },
} as const;

describe.each(engines)("GET /posts on %s", (engine) => {
  let f: ContentFixture<keyof typeof cast>;
  let inGeneral: Discussion;
  let inHelp: Discussion;
  let hidden: Discussion;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    inGeneral = await postDiscussion(f.api, f.as.ann, { categoryID: f.category.general, name: "Post in General" });
    inHelp = await postDiscussion(f.api, f.as.ben, { categoryID: f.category.installation, name: "Post in Help" });
    hidden = await postDiscussion(f.api, f.admin, { categoryID: f.category["off-topic"], name: "Members only post" });
    await makeMembersOnly(f, f.category["off-topic"]);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const posts = async (query: string, as: (typeof f.as)[keyof typeof f.as] | null = null) => {
    const response = await f.api.get(`/api/v2/posts${query ? `?${query}` : ""}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<Discussion[]>();
    expectSchema(Type.Array(Type.Ref("Discussion")), items, `GET /posts?${query}`);
    return items;
  };
  const ids = (items: Discussion[]) => items.map((item) => item.discussionID);

  it("answers what GET /discussions answers for the same filters and viewer", async () => {
    for (const as of [null, f.as.ann, f.as.moderator, f.admin]) {
      for (const query of ["", "sort=-dateInserted&limit=5", `categoryID=${f.category.installation}`]) {
        const discussions = await f.api.get(`/api/v2/discussions${query ? `?${query}` : ""}`, { as });
        expect(ids(await posts(query, as))).toEqual(ids(discussions.json<Discussion[]>()));
      }
    }
  });

  it("filters by author, category and date, sorts and pages", async () => {
    expect(ids(await posts(`insertUserID=${f.users.ann.userID}`))).toEqual([inGeneral.discussionID]);
    const installation = await posts(`categoryID=${f.category.installation}&limit=100`);
    expect(ids(installation)).toContain(inHelp.discussionID);
    expect(installation.every((item) => item.categoryID === f.category.installation)).toBe(true);
    expect(ids(await posts("dateInserted=<2000-01-01"))).toEqual([]);
    const newest = await posts("sort=-dateInserted&limit=1");
    expect(newest).toHaveLength(1);
    const response = await f.api.get("/api/v2/posts?sort=dateInserted&limit=1&page=2");
    expect(response.statusCode).toBe(200);
    expect(response.headers["link"]).toContain("page=1");
  });

  it("leaves out the posts of categories the viewer may not read", async () => {
    expect(ids(await posts("limit=100"))).not.toContain(hidden.discussionID);
    expect(ids(await posts("limit=100", f.as.ann))).toContain(hidden.discussionID);
    expect(ids(await posts("limit=100", f.admin))).toContain(hidden.discussionID);
    const refused = await f.api.get(`/api/v2/posts?categoryID=${f.category["off-topic"]}`);
    expect(refused.statusCode).toBe(403);
  });

  it("refuses bad input: a sort it does not take, a limit past 100, a bad date, an unknown category", async () => {
    for (const query of ["sort=-hot", "limit=101", "limit=0", "page=0", "dateInserted=someday"]) {
      const response = await f.api.get(`/api/v2/posts?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    // A value of the wrong type: 422, as on every list.
    expect((await f.api.get("/api/v2/posts?insertUserID=abc")).statusCode).toBe(422);
    expect((await f.api.get("/api/v2/posts?categoryID=999999")).statusCode).toBe(404);
  });
});
