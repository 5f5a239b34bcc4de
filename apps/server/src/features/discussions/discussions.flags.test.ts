import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Discussion, type PermissionFragment, type Tag } from "@parley/contracts";
import { roleIDOfType, type Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  getDiscussions,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "member" | "other" | "moderator";

describe.each(engines)("discussion flags, bump, type and tags on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let announcement: Discussion;
  let own: Discussion;

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Flag Member", role: "member", bypassSpam: true },
      other: { name: "Flag Other", role: "member" },
      moderator: { name: "Flag Moderator", role: "moderator" },
    });
    announcement = (await getDiscussions(f.api, "pinned=true"))[0]!;
    own = await postDiscussion(f.api, f.as.member, { name: "Own", categoryID: f.category.general });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const url = (id: number, action = "") => `/api/v2/discussions/${id}${action}`;
  const record = async (id: number, as: Session | null) => {
    const response = await f.api.get(url(id), { as });
    expect(response.statusCode).toBe(200);
    expectSchema(Discussion, response.json());
    return response.json<Discussion>();
  };

  it("bookmarks and unbookmarks, for the member only", async () => {
    const id = announcement.discussionID;
    const on = await f.api.put(url(id, "/bookmark"), { bookmarked: true }, { as: f.as.member });
    expect([on.statusCode, on.json()]).toEqual([200, { bookmarked: true }]);
    expect((await record(id, f.as.member)).bookmarked).toBe(true);
    expect((await record(id, f.as.other)).bookmarked).toBe(false);
    expect((await record(id, null)).bookmarked).toBe(false);
    const mine = await getDiscussions(f.api, `bookmarkUserID=${f.users.member.userID}`, f.as.member);
    expect(mine.map((item) => item.discussionID)).toEqual([id]);
    const off = await f.api.put(url(id, "/bookmark"), { bookmarked: false }, { as: f.as.member });
    expect(off.json()).toEqual({ bookmarked: false });
    expect((await record(id, f.as.member)).bookmarked).toBe(false);
    expect(await getDiscussions(f.api, `bookmarkUserID=${f.users.member.userID}`, f.as.member)).toEqual([]);
    expect((await f.api.put(url(id, "/bookmark"), {}, { as: f.as.member })).json()).toEqual({ bookmarked: true });
    expect((await f.api.put(url(id, "/bookmark"), { bookmarked: true })).statusCode).toBe(403);
    expect((await f.api.put(url(999999, "/bookmark"), { bookmarked: true }, { as: f.as.member })).statusCode).toBe(404);
  });

  it("mutes and unmutes", async () => {
    const id = own.discussionID;
    const on = await f.api.put(url(id, "/mute"), { muted: true }, { as: f.as.other });
    expect([on.statusCode, on.json()]).toEqual([200, { muted: true }]);
    expect((await record(id, f.as.other)).muted).toBe(true);
    expect((await record(id, f.as.member)).muted).toBe(false);
    expect((await f.api.put(url(id, "/mute"), { muted: false }, { as: f.as.other })).json()).toEqual({ muted: false });
    expect((await record(id, f.as.other)).muted).toBe(false);
    expect((await f.api.put(url(id, "/mute"), { muted: true })).statusCode).toBe(403);
  });

  it("dismisses announcements only (400 otherwise), and undoes it", async () => {
    const id = announcement.discussionID;
    const dismissed = await f.api.put(url(id, "/dismiss"), {}, { as: f.as.member });
    expect([dismissed.statusCode, dismissed.json()]).toEqual([200, { dismissed: true }]);
    expect((await record(id, f.as.member)).dismissed).toBe(true);
    expect((await record(id, f.as.other)).dismissed).toBe(false);
    expect((await f.api.put(url(id, "/dismiss"), { dismissed: false }, { as: f.as.member })).json()).toEqual({
      dismissed: false,
    });
    expect((await record(id, f.as.member)).dismissed).toBe(false);
    const refused = await f.api.put(url(own.discussionID, "/dismiss"), {}, { as: f.as.member });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ status: 400, message: "Only announcements can be dismissed." });
  });

  it("bumps with curation.manage: the discussion goes to the top of the list", async () => {
    const [oldest] = await getDiscussions(f.api, "pinned=false&sort=dateLastComment&limit=1");
    expect((await f.api.patch(url(oldest!.discussionID, "/bump"), {}, { as: f.as.member })).json()).toMatchObject({
      status: 403,
      permissions: ["curation.manage"],
    });
    f.t.clock.advance(1_000);
    const bumped = await f.api.patch(url(oldest!.discussionID, "/bump"), undefined, { as: f.as.moderator });
    expect(bumped.statusCode, bumped.body).toBe(200);
    expectSchema(Discussion, bumped.json());
    expect(Date.parse(bumped.json<Discussion>().dateLastComment!)).toBeGreaterThan(
      Date.parse(oldest!.dateLastComment!),
    );
    const list = await getDiscussions(f.api, "limit=3");
    expect(list[0]!.pinLocation).toBe("recent");
    expect(list[1]!.discussionID).toBe(oldest!.discussionID);
    expect((await f.api.patch(url(oldest!.discussionID, "/bump"), {}, { as: f.as.moderator })).statusCode).toBe(200);
    expect((await f.api.patch(url(999999, "/bump"), undefined, { as: f.as.moderator })).statusCode).toBe(404);
  });

  it("changes the type with discussions.edit", async () => {
    const id = own.discussionID;
    expect((await f.api.put(url(id, "/type"), { type: "question" }, { as: f.as.member })).statusCode).toBe(403);
    const changed = await f.api.put(url(id, "/type"), { type: "question" }, { as: f.as.moderator });
    expect(changed.statusCode).toBe(200);
    expectSchema(Discussion, changed.json());
    expect(changed.json()).toMatchObject({ discussionID: id, type: "question" });
    expect((await record(id, null)).type).toBe("question");
    const bad = await f.api.put(url(id, "/type"), { type: "survey" }, { as: f.as.moderator });
    expect([bad.statusCode, bad.json<{ message: string }>().message]).toEqual([400, "Record not found."]);
    // A poll is made only by posting one (its poll with it): a discussion is not turned into one.
    const poll = await f.api.put(url(id, "/type"), { type: "poll" }, { as: f.as.moderator });
    expect(poll.statusCode).toBe(400);
    expect((await record(id, null)).type).toBe("question");
  });

  it("replaces the tags with PUT /tags (ids and urlcodes), keeping tag counts right", async () => {
    const make = async (name: string) => (await f.api.post("/api/v2/tags", { name }, { as: f.admin })).json<Tag>();
    const [alpha, beta, gamma] = [await make("Alpha"), await make("Beta"), await make("Gamma")];
    const id = own.discussionID;
    const put = (body: unknown, as: Session | null = f.as.member) => f.api.put(url(id, "/tags"), body, { as });
    const first = await put({ tagIDs: [alpha.tagID], urlcodes: ["BETA"] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual([
      { tagID: alpha.tagID, urlcode: "alpha", name: "Alpha" },
      { tagID: beta.tagID, urlcode: "beta", name: "Beta" },
    ]);
    const count = async (tag: Tag) => (await f.api.get(`/api/v2/tags/${tag.tagID}`)).json<Tag>().countDiscussions;
    expect([await count(alpha), await count(beta), await count(gamma)]).toEqual([1, 1, 0]);
    const second = await put({ tagIDs: [gamma.tagID, beta.tagID] });
    expect(second.json<Tag[]>().map((tag) => tag.name)).toEqual(["Beta", "Gamma"]);
    expect([await count(alpha), await count(beta), await count(gamma)]).toEqual([0, 1, 1]);
    const [tagged] = await getDiscussions(f.api, `discussionID=${id}&expand=tags`);
    expect(tagged!.tagIDs!.sort()).toEqual([beta.tagID, gamma.tagID].sort());
    expect((await put({ tagIDs: [] })).json()).toEqual([]);
    expect([await count(beta), await count(gamma)]).toEqual([0, 0]);
    const unknown = await put({ urlcodes: ["nope"] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errors: [{ field: "urlcodes", code: "invalid" }] });
    expect((await put({ tagIDs: [alpha.tagID] }, f.as.other)).statusCode).toBe(403);
    expect((await put({ tagIDs: [alpha.tagID] }, f.as.moderator)).statusCode).toBe(200);
    // As in Vanilla, setting tags needs tags.add besides the right to edit (it never creates one).
    const memberRole = await roleIDOfType(f.t.database.db, "member");
    const role = (await f.api.get(`/api/v2/roles/${memberRole}?expand=permissions`, { as: f.admin })).json<{
      permissions: PermissionFragment[];
    }>();
    const global = role.permissions.find((fragment) => fragment.type === "global")!.permissions;
    expect(global["tags.add"]).toBe(true);
    const tagging = (allowed: boolean) =>
      f.api.patch(
        `/api/v2/roles/${memberRole}`,
        { permissions: [{ type: "global", permissions: { ...global, "tags.add": allowed } }] },
        { as: f.admin },
      );
    expect((await tagging(false)).statusCode).toBe(200);
    try {
      const refused = await put({ tagIDs: [beta.tagID] });
      expect(refused.json()).toMatchObject({ status: 403, permissions: ["tags.add"] });
    } finally {
      expect((await tagging(true)).statusCode).toBe(200);
    }
    expect((await put({ tagIDs: [beta.tagID] })).statusCode).toBe(200);
    await f.t.app.platform.siteConfig.set("tagging.enabled", false);
    try {
      const disabled = await put({ tagIDs: [alpha.tagID] });
      expect([disabled.statusCode, disabled.json<{ message: string }>().message]).toEqual([
        403,
        "Tagging is not enabled.",
      ]);
      const post = await f.api.post(
        "/api/v2/discussions",
        { name: "t", body: "b", format: "text", categoryID: f.category.general, tagIDs: [alpha.tagID] },
        { as: f.as.member },
      );
      expect(post.statusCode).toBe(403);
    } finally {
      await f.t.app.platform.siteConfig.set("tagging.enabled", true);
    }
  });
});
