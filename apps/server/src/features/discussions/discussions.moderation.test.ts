import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment, Discussion } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  postComment,
  postDiscussion,
  userCounts,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "member" | "other" | "moderator" | "curator";

/**
 * The moderation actions' permissions (spec §6): announce and sink with the category's permission or
 * community.manage, bump with curation.manage, close with discussions.close (or closeOwn for the
 * author), change author with site.manage.
 */
describe.each(engines)("moderation actions and their permissions on %s", (engine) => {
  let f: ContentFixture<Cast>;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Mod Member", role: "member", bypassSpam: true },
      other: { name: "Mod Other", role: "member", bypassSpam: true },
      moderator: { name: "Mod Moderator", role: "moderator" },
      curator: { name: "Mod Curator", role: "member" },
    });
    // A custom role holding community.manage, and none of the category moderation permissions.
    const role = await f.api.post(
      "/api/v2/roles",
      {
        name: "Community Managers",
        type: "member",
        permissions: [{ type: "global", id: null, permissions: { "community.manage": true } }],
      },
      { as: f.admin },
    );
    expect(role.statusCode, role.body).toBe(201);
    await f.t.database.db
      .insertInto("userRoles")
      .values({ userID: f.users.curator.userID, roleID: role.json<{ roleID: number }>().roleID })
      .execute();
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const patch = (id: number, body: unknown, as: Session | null) =>
    f.api.patch(`/api/v2/discussions/${id}`, body, { as });
  const fresh = () => postDiscussion(f.api, f.as.member, { categoryID: f.category.general });

  it("announces with discussions.announce or community.manage (pinned, pinLocation)", async () => {
    const d = await fresh();
    const refused = await patch(d.discussionID, { pinned: true }, f.as.member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: "Permission Problem" });
    const curator = await patch(d.discussionID, { pinned: true }, f.as.curator);
    expect(curator.statusCode, curator.body).toBe(200);
    expect(curator.json<Discussion>()).toMatchObject({ pinned: true, pinLocation: "category" });
    const moderator = await patch(d.discussionID, { pinLocation: "recent" }, f.as.moderator);
    expect(moderator.json<Discussion>()).toMatchObject({ pinned: true, pinLocation: "recent" });
    const off = await patch(d.discussionID, { pinned: false }, f.as.curator);
    expect(off.json<Discussion>()).toMatchObject({ pinned: false, pinLocation: null });
    const posted = await f.api.post(
      "/api/v2/discussions",
      { name: "Pinned at once", body: "Text.", format: "markdown", categoryID: f.category.general, pinned: true },
      { as: f.as.curator },
    );
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json<Discussion>().pinned).toBe(true);
  });

  it("sinks with discussions.sink or community.manage", async () => {
    const d = await fresh();
    expect((await patch(d.discussionID, { sink: true }, f.as.member)).statusCode).toBe(403);
    const curator = await patch(d.discussionID, { sink: true }, f.as.curator);
    expect(curator.statusCode).toBe(200);
    expect(curator.json<Discussion>().sink).toBe(true);
    expect((await patch(d.discussionID, { sink: false }, f.as.moderator)).json<Discussion>().sink).toBe(false);
  });

  it("bumps with curation.manage only", async () => {
    const d = await fresh();
    const bump = (as: Session) => f.api.patch(`/api/v2/discussions/${d.discussionID}/bump`, undefined, { as });
    expect((await bump(f.as.member)).statusCode).toBe(403);
    const curator = await bump(f.as.curator);
    expect(curator.statusCode).toBe(403);
    expect(curator.json()).toMatchObject({ permissions: ["curation.manage"] });
    expect((await bump(f.as.moderator)).statusCode).toBe(200);
  });

  it("closes with discussions.close; another member may not", async () => {
    const d = await fresh();
    expect((await patch(d.discussionID, { closed: true }, f.as.other)).statusCode).toBe(403);
    expect((await patch(d.discussionID, { closed: true }, f.as.curator)).statusCode).toBe(403);
    const closed = await patch(d.discussionID, { closed: true }, f.as.moderator);
    expect(closed.json<Discussion>().closed).toBe(true);
  });

  it("changes a discussion's author with site.manage; the counts move", async () => {
    const d = await fresh();
    const before = {
      member: await userCounts(f.api, f.admin, f.users.member.userID),
      other: await userCounts(f.api, f.admin, f.users.other.userID),
    };
    for (const as of [f.as.member, f.as.moderator, f.as.curator]) {
      const refused = await patch(d.discussionID, { insertUserID: f.users.other.userID }, as);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ permissions: ["site.manage"] });
    }
    const unknown = await patch(d.discussionID, { insertUserID: 99_999 }, f.admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errors: [{ field: "insertUserID", code: "invalid" }] });
    const changed = await patch(d.discussionID, { insertUserID: f.users.other.userID }, f.admin);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Discussion>()).toMatchObject({
      insertUserID: f.users.other.userID,
      insertUser: { userID: f.users.other.userID, name: "Mod Other" },
      dateUpdated: null,
    });
    expect(await userCounts(f.api, f.admin, f.users.member.userID)).toEqual({
      ...before.member,
      countDiscussions: before.member.countDiscussions - 1,
    });
    expect(await userCounts(f.api, f.admin, f.users.other.userID)).toEqual({
      ...before.other,
      countDiscussions: before.other.countDiscussions + 1,
    });
    const permissions = await f.api.get(`/api/v2/discussions/${d.discussionID}?expand=permissions`, { as: f.admin });
    expect(permissions.json<Discussion>().permissions).toMatchObject({ "site.manage": true });
    const asMember = await f.api.get(`/api/v2/discussions/${d.discussionID}?expand=permissions`, {
      as: f.as.member,
    });
    expect(asMember.json<Discussion>().permissions).toMatchObject({ "site.manage": false });
  });

  it("changes a comment's author with site.manage; the counts move", async () => {
    const d = await fresh();
    const comment = await postComment(f.api, f.as.member, d.discussionID, "Whose?");
    const url = `/api/v2/comments/${comment.commentID}`;
    const before = await userCounts(f.api, f.admin, f.users.other.userID);
    expect((await f.api.patch(url, { insertUserID: f.users.other.userID }, { as: f.as.moderator })).statusCode).toBe(
      403,
    );
    const changed = await f.api.patch(url, { insertUserID: f.users.other.userID }, { as: f.admin });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Comment>()).toMatchObject({ insertUserID: f.users.other.userID, dateUpdated: null });
    expect((await userCounts(f.api, f.admin, f.users.other.userID)).countComments).toBe(before.countComments + 1);
    const both = await f.api.patch(url, { insertUserID: f.users.member.userID, body: "Edited too." }, { as: f.admin });
    expect(both.json<Comment>()).toMatchObject({ insertUserID: f.users.member.userID });
    expect(both.json<Comment>().body).toContain("Edited too.");
  });
});
