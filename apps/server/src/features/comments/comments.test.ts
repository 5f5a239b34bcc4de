import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Comment, paginationHeaders, type Discussion } from "@parley/contracts";
import { fewestQueries } from "../../platform/db/query-count.ts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  categoryCounts,
  createContentFixture,
  expectSchema,
  getComments,
  postComment,
  postDiscussion,
  userCounts,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "author" | "other" | "moderator";

describe.each(engines)("comments API on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let discussion: Discussion;
  let thread: Comment[];

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      author: { name: "Comment Author", role: "member", bypassSpam: true },
      other: { name: "Comment Other", role: "member", bypassSpam: true },
      moderator: { name: "Comment Moderator", role: "moderator" },
    });
    discussion = await postDiscussion(f.api, f.admin, { name: "Thread", categoryID: f.category.general });
    thread = [];
    for (const [index, who] of (["author", "other", "author", "other", "author"] as const).entries()) {
      thread.push(await postComment(f.api, f.as[who], discussion.discussionID, `Reply ${index + 1}`));
    }
    for (const [index, score] of [0, 3, 1, 3, -1].entries()) {
      await f.t.database.db
        .updateTable("comments")
        .set({ score })
        .where("commentID", "=", thread[index]!.commentID)
        .execute();
    }
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const url = (id: number, action = "") => `/api/v2/comments/${id}${action}`;
  const ids = (items: Comment[]) => items.map((item) => item.commentID);
  const fetchDiscussion = async (id: number) =>
    (await f.api.get(`/api/v2/discussions/${id}?expand=lastPost`, { as: f.admin })).json<Discussion>();

  it("lists a discussion's comments oldest first, newest first, by score and trending", async () => {
    const query = (sort: string) => getComments(f.api, `discussionID=${discussion.discussionID}&sort=${sort}`);
    const all = ids(thread);
    expect(ids(await getComments(f.api, `discussionID=${discussion.discussionID}`))).toEqual(all);
    expect(ids(await query("dateInserted"))).toEqual(all);
    expect(ids(await query("-dateInserted"))).toEqual([...all].reverse());
    expect(ids(await query("commentID"))).toEqual(all);
    expect(ids(await query("-commentID"))).toEqual([...all].reverse());
    const [c1, c2, c3, c4, c5] = all;
    expect(ids(await query("-score"))).toEqual([c4, c2, c3, c1, c5]);
    expect(ids(await query("score"))).toEqual([c5, c1, c3, c2, c4]);
    const trending = await query("-experimentalTrending");
    expect(trending.map((item) => item.score)).toEqual([3, 3, 1, 0, -1]);
    const byParent = await getComments(f.api, `parentRecordType=discussion&parentRecordID=${discussion.discussionID}`);
    expect(ids(byParent)).toEqual(all);
    expect(byParent[1]).toMatchObject({
      name: "Re: Thread",
      parentRecordType: "discussion",
      parentRecordID: discussion.discussionID,
      categoryID: f.category.general,
      depth: 1,
      insertUser: { userID: f.users.other.userID, name: "Comment Other" },
    });
  });

  it("pages with Vanilla's headers", async () => {
    const first = await f.api.get(`/api/v2/comments?discussionID=${discussion.discussionID}&limit=2`);
    expect(first.headers[paginationHeaders.resultCount]).toBe("5");
    expect(first.headers[paginationHeaders.nextUrl]).toBe(
      `http://forum.test/api/v2/comments?discussionID=${discussion.discussionID}&limit=2&page=2`,
    );
    const last = await f.api.get(`/api/v2/comments?discussionID=${discussion.discussionID}&limit=2&page=3`);
    expect(ids(last.json<Comment[]>())).toEqual([thread[4]!.commentID]);
    expect(last.headers[paginationHeaders.nextUrl]).toBeUndefined();
    expect(last.headers[paginationHeaders.prevUrl]).toContain("page=2");
  });

  it("refuses lists without a discussion or author, trending without a discussion, and unknown discussions", async () => {
    const missing = await f.api.get("/api/v2/comments");
    expect([missing.statusCode, missing.json<{ errors: unknown }>().errors]).toEqual([
      400,
      [expect.objectContaining({ field: "discussionID", code: "missingField" })],
    ]);
    const trending = await f.api.get(
      `/api/v2/comments?insertUserID=${f.users.author.userID}&sort=-experimentalTrending`,
    );
    expect(trending.statusCode).toBe(400);
    expect((await f.api.get("/api/v2/comments?discussionID=999999")).statusCode).toBe(404);
    expect((await f.api.get(url(999999))).json()).toMatchObject({ status: 404, message: "Comment not found." });
    const mine = await getComments(f.api, `insertUserID=${f.users.other.userID}`);
    expect(ids(mine)).toEqual([thread[1]!.commentID, thread[3]!.commentID]);
  });

  it("counts a new comment in the discussion, its category, the parent's totals and the author's", async () => {
    const { api, admin, category, users } = f;
    const target = (await api.get("/api/v2/discussions?categoryID=" + category.installation + "&limit=1")).json<
      Discussion[]
    >()[0]!;
    const before = {
      installation: await categoryCounts(api, admin, category.installation),
      help: await categoryCounts(api, admin, category.help),
      author: await userCounts(api, admin, users.author.userID),
    };
    const comment = await postComment(api, f.as.author, target.discussionID, "Counted");
    expect(comment.name).toBe(`Re: ${target.name}`);
    const after = await fetchDiscussion(target.discussionID);
    expect(after.countComments).toBe(target.countComments + 1);
    expect(after.lastPost!.commentID).toBe(comment.commentID);
    expect(after.lastUserID).toBe(users.author.userID);
    expect(after.dateLastComment).toBe(comment.dateInserted);
    const installation = await categoryCounts(api, admin, category.installation);
    expect([installation.countComments, installation.countAllComments]).toEqual([
      before.installation.countComments + 1,
      before.installation.countAllComments + 1,
    ]);
    const help = await categoryCounts(api, admin, category.help);
    expect([help.countComments, help.countAllComments]).toEqual([
      before.help.countComments,
      before.help.countAllComments + 1,
    ]);
    expect((await userCounts(api, admin, users.author.userID)).countComments).toBe(before.author.countComments + 1);
  });

  it("keeps a sunk discussion's place: its dateLastComment does not move", async () => {
    const sunk = await postDiscussion(f.api, f.as.moderator, {
      name: "Sunk",
      categoryID: f.category.general,
      sink: true,
    });
    f.t.clock.advance(60_000);
    const comment = await postComment(f.api, f.as.other, sunk.discussionID);
    const after = await fetchDiscussion(sunk.discussionID);
    expect(after.countComments).toBe(1);
    expect(after.lastPost!.commentID).toBe(comment.commentID);
    expect(after.dateLastComment).toBe(sunk.dateLastComment);
  });

  it("refuses replies to a closed discussion from members; moderators may", async () => {
    const closed = await postDiscussion(f.api, f.as.moderator, {
      name: "Closed",
      categoryID: f.category.general,
      closed: true,
    });
    const refused = await f.api.post(
      "/api/v2/comments",
      { discussionID: closed.discussionID, body: "x", format: "text" },
      { as: f.as.author },
    );
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
      403,
      "This discussion has been closed.",
    ]);
    await postComment(f.api, f.as.moderator, closed.discussionID);
    const guest = await f.api.post("/api/v2/comments", {
      discussionID: discussion.discussionID,
      body: "x",
      format: "text",
    });
    expect(guest.statusCode).toBe(403);
  });

  it("threads replies (depth) and validates the body, format and parent", async () => {
    const reply = await f.api.post(
      "/api/v2/comments",
      { discussionID: discussion.discussionID, parentCommentID: thread[0]!.commentID, body: "Nested", format: "text" },
      { as: f.as.other },
    );
    expect(reply.json()).toMatchObject({ parentCommentID: thread[0]!.commentID, depth: 2 });
    await f.api.delete(url(reply.json<Comment>().commentID), { as: f.as.moderator });
    const post = (body: Record<string, unknown>) =>
      f.api.post(
        "/api/v2/comments",
        { discussionID: discussion.discussionID, body: "x", format: "text", ...body },
        { as: f.as.author },
      );
    const foreign = (
      await f.api.get("/api/v2/comments?insertUserID=" + f.users.author.userID + "&sort=-dateInserted&limit=1")
    ).json<Comment[]>()[0]!;
    expect((await post({ parentCommentID: foreign.commentID })).json()).toMatchObject({
      errors: [{ field: "parentCommentID" }],
    });
    expect((await post({ format: "pdf" })).json()).toMatchObject({ errors: [{ field: "format", code: "invalid" }] });
    expect((await post({ body: "  " })).json()).toMatchObject({ errors: [{ field: "body", code: "missingField" }] });
    expect((await post({ body: "" })).json()).toMatchObject({ errors: [{ field: "body", code: "minLength" }] });
    expect((await post({ discussionID: undefined })).json()).toMatchObject({ errors: [{ field: "discussionID" }] });
  });

  it("lets the author edit their comment within the edit window, never another member; moderators always", async () => {
    const mine = await postComment(f.api, f.as.author, discussion.discussionID, "Before");
    const edit = (as: Session | null, body = "After") => f.api.patch(url(mine.commentID), { body }, { as });
    const edited = await edit(f.as.author);
    expect(edited.statusCode).toBe(200);
    expectSchema(Comment, edited.json());
    expect(edited.json()).toMatchObject({ body: "<p>After</p>\n", updateUserID: f.users.author.userID });
    expect(edited.json<Comment>().dateUpdated).not.toBeNull();
    expect((await edit(f.as.other)).statusCode).toBe(403);
    expect((await edit(null)).statusCode).toBe(403);
    await f.t.app.platform.siteConfig.set("ui.editContentTimeout", 60);
    try {
      f.t.clock.advance(61_000);
      expect((await edit(f.as.author)).statusCode).toBe(403);
      expect((await f.api.get(url(mine.commentID, "/edit"), { as: f.as.author })).statusCode).toBe(403);
      const [listed] = (
        await f.api.get(`/api/v2/comments?commentID=${mine.commentID}&expand=permissions`, { as: f.as.author })
      ).json<Comment[]>();
      expect(listed!.permissions).toEqual({ "comments.edit": false, "comments.delete": false });
      expect((await edit(f.as.moderator, "Moderated")).statusCode).toBe(200);
    } finally {
      await f.t.app.platform.siteConfig.set("ui.editContentTimeout", -1);
    }
    const closed = await postDiscussion(f.api, f.as.author, { name: "Soon closed", categoryID: f.category.general });
    const reply = await postComment(f.api, f.as.author, closed.discussionID);
    await f.api.patch(`/api/v2/discussions/${closed.discussionID}`, { closed: true }, { as: f.as.moderator });
    const refused = await f.api.patch(url(reply.commentID), { body: "Late" }, { as: f.as.author });
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
      403,
      "This discussion has been closed.",
    ]);
    expect((await f.api.patch(url(reply.commentID), { body: "Ok" }, { as: f.as.moderator })).statusCode).toBe(200);
  });

  it("deletes for moderators only and recomputes the discussion's last comment and the counts", async () => {
    const { api, admin, category, users } = f;
    const target = await postDiscussion(api, f.as.other, { name: "Deleting", categoryID: category.general });
    const first = await postComment(api, f.as.author, target.discussionID, "First");
    f.t.clock.advance(1_000);
    const second = await postComment(api, f.as.author, target.discussionID, "Second");
    const before = {
      general: await categoryCounts(api, admin, category.general),
      author: await userCounts(api, admin, users.author.userID),
    };
    expect((await api.delete(url(second.commentID), { as: f.as.author })).statusCode).toBe(403);
    expect((await api.delete(url(second.commentID), { as: f.as.other })).statusCode).toBe(403);
    expect((await api.delete(url(second.commentID), { as: f.as.moderator })).statusCode).toBe(204);
    const afterOne = await fetchDiscussion(target.discussionID);
    expect(afterOne).toMatchObject({
      countComments: 1,
      dateLastComment: first.dateInserted,
      lastUserID: users.author.userID,
    });
    expect(afterOne.lastPost!.commentID).toBe(first.commentID);
    expect((await categoryCounts(api, admin, category.general)).countComments).toBe(before.general.countComments - 1);
    expect((await userCounts(api, admin, users.author.userID)).countComments).toBe(before.author.countComments - 1);
    expect((await api.delete(url(first.commentID), { as: f.admin })).statusCode).toBe(204);
    const empty = await fetchDiscussion(target.discussionID);
    expect(empty).toMatchObject({
      countComments: 0,
      dateLastComment: target.dateInserted,
      lastUserID: users.other.userID,
    });
    expect(empty.lastPost!.commentID).toBeUndefined();
    expect((await api.get(url(first.commentID))).statusCode).toBe(404);
  });

  it("locates a comment's page for a page size", async () => {
    const slug = discussion.url;
    for (const [index, page] of [
      [0, 1],
      [2, 2],
      [3, 2],
      [4, 3],
    ] as const) {
      const comment = thread[index]!;
      const response = await f.api.get(url(comment.commentID, "/location?limit=2"));
      expect(response.json()).toEqual({
        commentID: comment.commentID,
        discussionID: discussion.discussionID,
        page,
        limit: 2,
        url: `${slug}${page > 1 ? `/p${page}` : ""}#Comment_${comment.commentID}`,
      });
    }
    // Without a limit: the discussion page's size (30 comments), so the URL names the page that shows it.
    const fallback = await f.api.get(url(thread[4]!.commentID, "/location"));
    expect(fallback.json()).toMatchObject({ page: 1, limit: 30, url: `${slug}#Comment_${thread[4]!.commentID}` });
  });

  it("gives the raw source at /edit and bodyRaw at /quote (parsed for rich2)", async () => {
    const rich = [{ type: "p", children: [{ text: "Rich reply" }] }];
    const comment = await postComment(f.api, f.as.author, discussion.discussionID, JSON.stringify(rich), "rich2");
    expect(comment.body).toContain("Rich reply");
    expect((await f.api.get(url(comment.commentID, "/edit"), { as: f.as.author })).json()).toEqual({
      commentID: comment.commentID,
      discussionID: discussion.discussionID,
      body: JSON.stringify(rich),
      format: "rich2",
    });
    expect((await f.api.get(url(comment.commentID, "/edit"), { as: f.as.other })).statusCode).toBe(403);
    const quote = (await f.api.get(url(comment.commentID, "/quote"), { as: f.as.other })).json<{ bodyRaw: unknown }>();
    expect(quote).toMatchObject({
      commentID: comment.commentID,
      bodyRaw: rich,
      format: "rich2",
      insertUser: { name: "Comment Author" },
    });
    const markdown = (await f.api.get(url(thread[0]!.commentID, "/quote"))).json<{ bodyRaw: unknown }>();
    expect(markdown.bodyRaw).toBe("Reply 1");
  });

  it("lists 30 comments with expand=all in as many queries as 3 (no N+1)", async () => {
    const long = await postDiscussion(f.api, f.admin, { name: "Long thread", categoryID: f.category.ideas });
    const posters = [f.admin, f.as.author, f.as.other, f.as.moderator];
    for (let i = 0; i < 32; i++) {
      const comment = await postComment(f.api, posters[i % 4]!, long.discussionID, `Comment ${i}`);
      if (i % 3 === 0)
        await f.api.post(url(comment.commentID, "/reactions"), { reactionType: "like" }, { as: f.as.other });
    }
    const measure = async (limit: number) => {
      const query = `/api/v2/comments?discussionID=${long.discussionID}&limit=${limit}&expand=all`;
      const result = await f.api.get(query, { as: f.as.author });
      expect(result.json<Comment[]>()).toHaveLength(limit);
      expectSchema(Comment, result.json<Comment[]>()[0]);
      expect(result.json<Comment[]>()[0]!.reactions?.[0]).toMatchObject({
        urlcode: "like",
        count: 1,
        hasReacted: false,
      });
      return fewestQueries(() => f.api.get(query, { as: f.as.author }));
    };
    const [three, thirty] = [await measure(3), await measure(30)];
    console.info(`GET /comments?expand=all on ${engine}: ${three} queries for 3, ${thirty} for 30`);
    expect(thirty).toBe(three);
    // The discussion is read once, checked for the viewer and then presented with its comments (twice made 6).
    expect(thirty).toBeLessThanOrEqual(5);
  });
});
