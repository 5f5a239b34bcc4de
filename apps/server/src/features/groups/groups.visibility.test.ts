import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  groupMessages,
  type Category,
  type Comment,
  type Discussion,
  type Group,
  type SearchResult,
} from "@parley/contracts";
import { createCast, type Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { getComments, getDiscussions, postComment, postDiscussion } from "../../test/content.ts";
import { addMember, createGroupFixture, getGroup, postGroup, type GroupFixture } from "../../test/groups.ts";

type Who = "guest" | "member" | "outsider" | "moderator" | "admin";

/**
 * Group privacy holds on every read path, because each group's category answers `discussions.view` to the right
 * viewers only: groups, discussions (list, one, by group, by category, by author, bookmarks), comments, search
 * and its suggestions, notifications; group categories are never listed as categories.
 */
describe.each(engines)("group privacy on %s", (engine) => {
  let f: GroupFixture;
  const groups = {} as Record<"public" | "private" | "secret", Group>;
  const posts = {} as Record<"public" | "private" | "secret", Discussion>;
  const replies = {} as Record<"public" | "private" | "secret", Comment>;
  const as = (who: Who): Session | null => (who === "guest" ? null : who === "admin" ? f.admin : f.as[who]);
  const everyone: Who[] = ["guest", "member", "outsider", "moderator", "admin"];
  /** Who may read each privacy's posts (the member belongs to every group). */
  const readers = {
    public: everyone,
    private: ["member", "moderator", "admin"] as Who[],
    secret: ["member", "moderator", "admin"] as Who[],
  };
  const word = { public: "zanzibarpub", private: "zanzibarpriv", secret: "zanzibarsec" };

  beforeAll(async () => {
    f = await createGroupFixture(engine);
    for (const privacy of ["public", "private", "secret"] as const) {
      groups[privacy] = await postGroup(f, { name: `Privacy ${privacy}`, privacy });
      await addMember(f, groups[privacy].groupID, f.users.member.userID);
      posts[privacy] = await postDiscussion(f.api, f.as.member, {
        groupID: groups[privacy].groupID,
        name: `Zanzibar ${word[privacy]} plans`,
        body: `All about ${word[privacy]}.`,
      } as never);
      replies[privacy] = await postComment(f.api, f.as.leader, posts[privacy].discussionID, `Re ${word[privacy]}.`);
    }
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("lets members do no more than their roles allow: an unconfirmed member reads but does not post", async () => {
    const cast = await createCast(f.t.database.db, { newcomer: { name: "Unconfirmed Joiner", role: "unconfirmed" } });
    await addMember(f, groups.private.groupID, cast.newcomer.userID);
    const newcomer = await f.api.signIn(cast.newcomer);
    const read = await f.api.get(`/api/v2/discussions/${posts.private.discussionID}`, { as: newcomer });
    expect(read.statusCode, read.body).toBe(200);
    const post = await f.api.post(
      "/api/v2/discussions",
      { name: "Hello group", body: "Hi.", format: "markdown", groupID: groups.private.groupID },
      { as: newcomer },
    );
    expect(post.statusCode).toBe(403);
    const comment = await f.api.post(
      "/api/v2/comments",
      { discussionID: posts.private.discussionID, body: "Me too.", format: "markdown" },
      { as: newcomer },
    );
    expect(comment.statusCode).toBe(403);
  });

  it("posts with groupID land in the group's category, for members only", () => {
    for (const privacy of ["public", "private", "secret"] as const) {
      expect(posts[privacy]).toMatchObject({
        groupID: groups[privacy].groupID,
        categoryID: groups[privacy].categoryID,
      });
      expect(replies[privacy].groupID).toBe(groups[privacy].groupID);
    }
  });

  it("refuses posts from non-members with membersOnly, and a categoryID that is not the group's", async () => {
    const outsider = await f.api.post(
      "/api/v2/discussions",
      { name: "Let me in", body: "Hi.", format: "markdown", groupID: groups.public.groupID },
      { as: f.as.outsider },
    );
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toMatchObject({ message: groupMessages.membersOnly });
    const byCategory = await f.api.post(
      "/api/v2/discussions",
      { name: "Let me in", body: "Hi.", format: "markdown", categoryID: groups.private.categoryID },
      { as: f.as.outsider },
    );
    expect(byCategory.statusCode).toBe(403);
    const comment = await f.api.post(
      "/api/v2/comments",
      { discussionID: posts.public.discussionID, body: "Me too.", format: "markdown" },
      { as: f.as.outsider },
    );
    expect(comment.statusCode).toBe(403);
    const mismatch = await f.api.post(
      "/api/v2/discussions",
      {
        name: "Mismatch",
        body: "Hi.",
        format: "markdown",
        groupID: groups.public.groupID,
        categoryID: f.category.general,
      },
      { as: f.as.member },
    );
    expect(mismatch.statusCode).toBe(400);
    // The group's category without groupID: still the group's discussion.
    const viaCategory = await postDiscussion(f.api, f.as.member, {
      categoryID: groups.public.categoryID,
      name: "Via the category",
    });
    expect(viaCategory.groupID).toBe(groups.public.groupID);
    const ordinary = await postDiscussion(f.api, f.as.member, { categoryID: f.category.general });
    expect(ordinary.groupID).toBeNull();
  });

  it("shows each group to those who may know it", async () => {
    for (const who of everyone) {
      for (const privacy of ["public", "private"] as const)
        expect((await getGroup(f, groups[privacy].groupID, as(who))).statusCode, `${who} ${privacy}`).toBe(200);
      const secret = await getGroup(f, groups.secret.groupID, as(who));
      expect(secret.statusCode, `${who} secret`).toBe(readers.secret.includes(who) ? 200 : 404);
      const listed = (await f.api.get("/api/v2/groups?limit=100", { as: as(who) })).json<Group[]>();
      expect(
        listed.some((group) => group.groupID === groups.secret.groupID),
        `${who} lists secret`,
      ).toBe(readers.secret.includes(who));
      const view = (await getGroup(f, groups.private.groupID, as(who))).json<Group>().permissions["view"];
      expect(view, `${who} views private`).toBe(readers.private.includes(who));
    }
  });

  it("lists and shows group discussions and comments to their readers only", async () => {
    for (const who of everyone) {
      const recent = (await getDiscussions(f.api, "limit=100", as(who))).map((row) => row.discussionID);
      const byAuthor = (await getDiscussions(f.api, `insertUserID=${f.users.member.userID}&limit=100`, as(who))).map(
        (row) => row.discussionID,
      );
      const comments = (await getComments(f.api, `insertUserID=${f.users.leader.userID}&limit=100`, as(who))).map(
        (row) => row.commentID,
      );
      for (const privacy of ["public", "private", "secret"] as const) {
        const reads = readers[privacy].includes(who);
        const label = `${who} ${privacy}`;
        const id = posts[privacy].discussionID;
        expect(recent.includes(id), `${label} recent`).toBe(reads);
        expect(byAuthor.includes(id), `${label} profile`).toBe(reads);
        expect(comments.includes(replies[privacy].commentID), `${label} comments`).toBe(reads);
        const one = await f.api.get(`/api/v2/discussions/${id}`, { as: as(who) });
        expect(one.statusCode, `${label} get`).toBe(reads ? 200 : 403);
        const thread = await f.api.get(`/api/v2/comments?discussionID=${id}`, { as: as(who) });
        expect(thread.statusCode, `${label} thread`).toBe(reads ? 200 : 403);
        const comment = await f.api.get(`/api/v2/comments/${replies[privacy].commentID}`, { as: as(who) });
        expect(comment.statusCode, `${label} comment`).toBe(reads ? 200 : 403);
        const byGroup = await f.api.get(`/api/v2/discussions?groupID=${groups[privacy].groupID}`, { as: as(who) });
        expect(
          byGroup.json<Discussion[]>().some((row) => row.discussionID === id),
          `${label} by group`,
        ).toBe(reads);
        const byCategory = await f.api.get(`/api/v2/discussions?categoryID=${groups[privacy].categoryID}`, {
          as: as(who),
        });
        expect(byCategory.statusCode, `${label} by category`).toBe(reads ? 200 : 403);
      }
    }
    // Several groups at once (a CSV, as Vanilla).
    const both = await getDiscussions(f.api, `groupID=${groups.public.groupID},${groups.private.groupID}`, f.as.member);
    expect(both.map((row) => row.groupID).sort()).toEqual(
      expect.arrayContaining([groups.public.groupID, groups.private.groupID]),
    );
  });

  it("keeps group posts out of search and its suggestions for those who may not read them", async () => {
    for (const who of everyone) {
      for (const privacy of ["public", "private", "secret"] as const) {
        const reads = readers[privacy].includes(who);
        const found = (await f.api.get(`/api/v2/search?query=${word[privacy]}&limit=50`, { as: as(who) })).json<
          SearchResult[]
        >();
        expect(
          found.some((row) => row.recordType === "discussion" && row.recordID === posts[privacy].discussionID),
          `${who} ${privacy} search`,
        ).toBe(reads);
        expect(
          found.some((row) => row.recordType === "comment" && row.recordID === replies[privacy].commentID),
          `${who} ${privacy} search comments`,
        ).toBe(reads);
        const params = new URLSearchParams({
          query: word[privacy].slice(0, 9),
          domain: "all_content",
          matchMode: "prefix",
          collapse: "true",
          limit: "20",
        });
        const suggested = (await f.api.get(`/api/v2/search?${params.toString()}`, { as: as(who) })).json<
          SearchResult[]
        >();
        expect(
          suggested.some((row) => row.recordID === posts[privacy].discussionID && row.recordType === "discussion"),
          `${who} ${privacy} suggestions`,
        ).toBe(reads);
      }
    }
  });

  it("never lists group categories or their parent as categories", async () => {
    const groupCategoryIDs = Object.values(groups).map((group) => group.categoryID);
    for (const who of ["guest", "member", "admin"] as const) {
      const tree = JSON.stringify((await f.api.get("/api/v2/categories?maxDepth=5", { as: as(who) })).json());
      for (const id of groupCategoryIDs) expect(tree).not.toContain(`"categoryID":${id},`);
      expect(tree).not.toContain("Social Groups");
      const flat = (await f.api.get("/api/v2/categories?outputFormat=flat&limit=100", { as: as(who) })).json<
        Category[]
      >();
      expect(flat.some((row) => groupCategoryIDs.includes(row.categoryID) || row.name === "Social Groups")).toBe(false);
      const search = (
        await f.api.get("/api/v2/categories/search?query=privacy&filterDiscussionsAdd=true", { as: as(who) })
      ).json<Category[]>();
      expect(search).toEqual([]);
    }
    const follow = await f.api.put(
      `/api/v2/categories/${groups.public.categoryID}/follow`,
      { followed: true },
      { as: f.as.member },
    );
    expect(follow.statusCode).toBe(400);
    const edit = await f.api.patch(`/api/v2/categories/${groups.public.categoryID}`, { name: "Mine" }, { as: f.admin });
    expect(edit.statusCode).toBe(409);
    const remove = await f.api.delete(`/api/v2/categories/${groups.public.categoryID}`, { as: f.admin });
    expect(remove.statusCode).toBe(409);
    // The single category answers those who may view it.
    expect((await f.api.get(`/api/v2/categories/${groups.private.categoryID}`, { as: f.as.member })).statusCode).toBe(
      200,
    );
    expect((await f.api.get(`/api/v2/categories/${groups.private.categoryID}`, { as: f.as.outsider })).statusCode).toBe(
      403,
    );
  });

  it("does not notify non-members mentioned in a private group", async () => {
    const before = (await f.api.get("/api/v2/notifications", { as: f.as.outsider })).json<unknown[]>().length;
    await postComment(f.api, f.as.member, posts.private.discussionID, 'Hey @"Group Outsider", look.');
    const after = (await f.api.get("/api/v2/notifications", { as: f.as.outsider })).json<unknown[]>().length;
    expect(after).toBe(before);
  });

  it("gives a new member the group's posts on their next request, and takes them from a removed one", async () => {
    const privateID = posts.private.discussionID;
    const canRead = async () => (await f.api.get(`/api/v2/discussions/${privateID}`, { as: f.as.outsider })).statusCode;
    const inList = async () =>
      (await getDiscussions(f.api, "limit=100", f.as.outsider)).some((row) => row.discussionID === privateID);
    const inSearch = async () =>
      (await f.api.get(`/api/v2/search?query=${word.private}`, { as: f.as.outsider }))
        .json<SearchResult[]>()
        .some((row) => row.recordID === privateID);
    expect([await canRead(), await inList(), await inSearch()]).toEqual([403, false, false]);

    await addMember(f, groups.private.groupID, f.users.outsider.userID);
    expect([await canRead(), await inList(), await inSearch()]).toEqual([200, true, true]);

    const removed = await f.api.delete(`/api/v2/groups/${groups.private.groupID}/members/${f.users.outsider.userID}`, {
      as: f.as.leader,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect([await canRead(), await inList(), await inSearch()]).toEqual([403, false, false]);
    // Bookmarks kept from membership show nothing once out of the group.
    await addMember(f, groups.private.groupID, f.users.outsider.userID);
    const bookmark = await f.api.put(
      `/api/v2/discussions/${privateID}/bookmark`,
      { bookmarked: true },
      {
        as: f.as.outsider,
      },
    );
    expect(bookmark.statusCode, bookmark.body).toBe(200);
    await f.api.post(`/api/v2/groups/${groups.private.groupID}/leave`, {}, { as: f.as.outsider });
    const bookmarks = await getDiscussions(f.api, `bookmarkUserID=${f.users.outsider.userID}`, f.as.outsider);
    expect(bookmarks.some((row) => row.discussionID === privateID)).toBe(false);
  });

  it("follows a privacy change at once: a public group made private hides its posts from others", async () => {
    const group = await postGroup(f, { privacy: "public" });
    await addMember(f, group.groupID, f.users.member.userID);
    const post = await postDiscussion(f.api, f.as.member, { groupID: group.groupID } as never);
    const guestSees = async () => (await f.api.get(`/api/v2/discussions/${post.discussionID}`)).statusCode;
    expect(await guestSees()).toBe(200);
    await f.api.patch(`/api/v2/groups/${group.groupID}`, { privacy: "private" }, { as: f.as.leader });
    expect(await guestSees()).toBe(403);
    expect((await f.api.get(`/api/v2/discussions/${post.discussionID}`, { as: f.as.member })).statusCode).toBe(200);
  });

  it("lets leaders moderate the posts of their own group only", async () => {
    const inGroup = await postDiscussion(f.api, f.as.member, { groupID: groups.private.groupID } as never);
    const reply = await postComment(f.api, f.as.member, inGroup.discussionID, "A reply to remove.");
    const elsewhere = await postDiscussion(f.api, f.as.member, { categoryID: f.category.general });
    const record = await f.api.get(`/api/v2/discussions/${inGroup.discussionID}?expand=permissions`, {
      as: f.as.leader,
    });
    expect(record.json<Discussion>().permissions).toMatchObject({
      "discussions.delete": true,
      "discussions.close": true,
      "discussions.announce": false,
    });
    const other = await f.api.get(`/api/v2/discussions/${inGroup.discussionID}?expand=permissions`, {
      as: f.as.member,
    });
    expect(other.json<Discussion>().permissions).toMatchObject({ "discussions.delete": false });
    expect((await f.api.delete(`/api/v2/comments/${reply.commentID}`, { as: f.as.leader })).statusCode).toBe(204);
    expect((await f.api.delete(`/api/v2/discussions/${elsewhere.discussionID}`, { as: f.as.leader })).statusCode).toBe(
      403,
    );
    expect((await f.api.delete(`/api/v2/discussions/${inGroup.discussionID}`, { as: f.as.member })).statusCode).toBe(
      403,
    );
    expect((await f.api.delete(`/api/v2/discussions/${inGroup.discussionID}`, { as: f.as.leader })).statusCode).toBe(
      204,
    );
  });

  it("moves discussions in and out of groups consistently", async () => {
    const post = await postDiscussion(f.api, f.as.member, { groupID: groups.public.groupID } as never);
    const out = await f.api.patch(
      `/api/v2/discussions/${post.discussionID}`,
      { categoryID: f.category.general },
      { as: f.admin },
    );
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json<Discussion>().groupID).toBeNull();
    const into = await f.api.patch(
      `/api/v2/discussions/${post.discussionID}`,
      { categoryID: groups.private.categoryID },
      { as: f.admin },
    );
    expect(into.statusCode, into.body).toBe(200);
    expect(into.json<Discussion>().groupID).toBe(groups.private.groupID);
    expect((await f.api.get(`/api/v2/discussions/${post.discussionID}`, { as: f.as.outsider })).statusCode).toBe(403);
    // A member may not move the group's discussion out of the group.
    const byMember = await f.api.patch(
      `/api/v2/discussions/${post.discussionID}`,
      { categoryID: f.category.general },
      { as: f.as.member },
    );
    expect(byMember.statusCode).toBe(403);
  });
});
