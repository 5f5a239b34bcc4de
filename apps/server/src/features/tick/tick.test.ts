import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  membersMayView,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

describe.each(engines)("POST /tick on %s", (engine) => {
  let f: ContentFixture<"reader" | "other">;
  let discussionID: number;
  const views = async () =>
    (await f.api.get(`/api/v2/discussions/${discussionID}`, { as: f.admin })).json<{ countViews: number }>().countViews;
  const view = (as: ContentFixture<"reader">["admin"] | null, headers: Record<string, string> = {}) =>
    f.api.post(
      "/api/v2/tick",
      { type: "discussion_view", discussionID, url: `http://forum.test/discussion/${discussionID}` },
      { as, headers },
    );

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      reader: { name: "Rita Reader", role: "member" },
      other: { name: "Otto Other", role: "member" },
    });
    discussionID = (await postDiscussion(f.api, f.admin, { categoryID: f.category.general, name: "Counted" }))
      .discussionID;
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("counts a discussion's view once per reader in a while, members by account and guests by address", async () => {
    expect(await views()).toBe(0);
    const first = await view(f.as.reader);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ didTrack: true });
    // A reload, or a script ticking again: the same reader's view is counted once.
    expect((await view(f.as.reader)).json()).toEqual({ didTrack: true });
    await view(f.as.other);
    await view(null);
    await view(null);
    await view(null, { "x-forwarded-for": "203.0.113.9" });
    await f.t.app.flushViews();
    // Reader, other, the guest at 127.0.0.1 and the one the load balancer forwarded (trustProxy).
    expect(await views()).toBe(4);
  });

  it("marks the discussion read for a member who opens it, until someone comments again", async () => {
    const stateOf = async () =>
      (await f.api.get(`/api/v2/discussions/${discussionID}`, { as: f.as.other })).json<{
        unread: boolean;
        countUnread: number;
      }>();
    await postComment(f.api, f.admin, discussionID, "A first reply.");
    const before = await stateOf();
    expect(before.unread).toBe(true);
    // Even from a browser that calls itself headless: its views are not counted, but a member's reading is theirs.
    const headless = await view(f.as.other, { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0" });
    expect(headless.json()).toEqual({ didTrack: false, message: "Bot request" });
    expect(await stateOf()).toMatchObject({ unread: false, countUnread: 0 });
    // Listed as read too.
    const listed = (await f.api.get(`/api/v2/discussions?categoryID=${f.category.general}`, { as: f.as.other })).json<
      Array<{ discussionID: number; unread: boolean }>
    >();
    expect(listed.find((item) => item.discussionID === discussionID)?.unread).toBe(false);
    // A new comment: unread again, one new.
    await postComment(f.api, f.admin, discussionID, "A second reply.");
    expect(await stateOf()).toMatchObject({ unread: true, countUnread: 1 });
    // A guest's view marks nothing and needs no account.
    expect((await view(null)).statusCode).toBe(201);
  });

  it("believes a forwarded address only from a proxy on a private network (PARLEY_TRUST_PROXY)", async () => {
    const before = await views();
    const direct = (forwardedFor: string, remoteAddress: string) =>
      f.t.app.inject({
        method: "POST",
        url: "/api/v2/tick",
        remoteAddress,
        headers: { host: "forum.test", "x-forwarded-for": forwardedFor },
        payload: { type: "discussion_view", discussionID, url: "http://forum.test/" },
      });
    // A client on the internet making up addresses is still one reader.
    for (const forged of ["198.51.100.1", "198.51.100.2", "198.51.100.3"])
      expect((await direct(forged, "203.0.113.50")).statusCode).toBe(201);
    // The load balancer on the private network passes on its clients' addresses.
    await direct("198.51.100.4", "10.0.0.2");
    await direct("198.51.100.5", "10.0.0.2");
    await f.t.app.flushViews();
    expect(await views()).toBe(before + 3);
  });

  it("answers crawlers and events it does not record with didTrack false, counting nothing", async () => {
    const bot = await view(null, { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" });
    expect(bot.json()).toEqual({ didTrack: false, message: "Bot request" });
    const search = await f.api.post(
      "/api/v2/tick",
      { type: "search", domain: "all_content", searchQuery: { terms: ["roses"] }, searchResults: 3 },
      { as: f.as.reader },
    );
    expect(search.json()).toEqual({ didTrack: false });
    const categoryView = await f.api.post(
      "/api/v2/tick",
      { type: "category_view", categoryID: f.category.general, url: "http://forum.test/categories/general" },
      { as: f.as.reader },
    );
    expect(categoryView.json()).toEqual({ didTrack: false });
    const missing = await f.api.post("/api/v2/tick", { type: "discussion_view", discussionID }, { as: f.as.reader });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ field: "url", message: "url is required." }] });
    await f.t.app.flushViews();
    expect(await views()).toBe(7);
  });

  it("counts no view of a discussion the reader may not read, and answers as reading it would", async () => {
    const hidden = await postDiscussion(f.api, f.admin, { categoryID: f.category.general, name: "Soon hidden" });
    expect((await membersMayView(f, f.category.general, false)).statusCode).toBe(200);
    try {
      const refused = await f.api.post(
        "/api/v2/tick",
        { type: "discussion_view", discussionID: hidden.discussionID, url: "http://forum.test/" },
        { as: f.as.other },
      );
      const read = await f.api.get(`/api/v2/discussions/${hidden.discussionID}`, { as: f.as.other });
      expect(refused.statusCode).toBe(read.statusCode);
      expect([403, 404]).toContain(refused.statusCode);
      const unknown = await f.api.post(
        "/api/v2/tick",
        { type: "discussion_view", discussionID: 999_999, url: "http://forum.test/" },
        { as: f.as.other },
      );
      expect(unknown.statusCode).toBe(404);
    } finally {
      await membersMayView(f, f.category.general, true);
    }
    await f.t.app.flushViews();
    const counted = await f.api.get(`/api/v2/discussions/${hidden.discussionID}`, { as: f.admin });
    expect(counted.json<{ countViews: number }>().countViews).toBe(0);
  });
});
