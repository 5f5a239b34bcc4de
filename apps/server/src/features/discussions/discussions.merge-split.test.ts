import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LongRunnerResult, type Comment, type Discussion } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  categoryCounts,
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  userCounts,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "moderator" | "member" | "other";

/** Merge, split and the comments' bulk delete: long-running, with their permissions and counts. */
describe.each(engines)("merge, split and comment bulk delete on %s", (engine) => {
  let f: ContentFixture<Cast>;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      moderator: { name: "Merge Moderator", role: "moderator", bypassSpam: true },
      member: { name: "Merge Member", role: "member", bypassSpam: true },
      other: { name: "Merge Other", role: "member", bypassSpam: true },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const bulk = async (method: "PATCH" | "POST" | "DELETE", path: string, body: unknown, as: Session | null) => {
    const response = await f.api.request(method, `/api/v2/${path}`, { as, body });
    const result = response.json<LongRunnerResult>();
    // A call refused as a whole answers with the usual error body instead of progress.
    if ("progress" in result) expectSchema(LongRunnerResult, result);
    return { status: response.statusCode, result };
  };
  const discussion = async (id: number) => f.api.get(`/api/v2/discussions/${id}`, { as: f.admin });
  const commentsOf = async (id: number) =>
    (await f.api.get(`/api/v2/comments?discussionID=${id}&limit=100`, { as: f.admin })).json<Comment[]>();

  it("merges discussions: each source becomes a comment of the destination with its comments; counts follow", async () => {
    const { api, category } = f;
    const destination = await postDiscussion(api, f.as.other, { name: "Destination", categoryID: category.general });
    await postComment(api, f.as.other, destination.discussionID, "Destination reply.");
    const first = await postDiscussion(api, f.as.member, {
      name: "First source",
      body: "First **source** body.",
      categoryID: category.general,
    });
    await postComment(api, f.as.other, first.discussionID, "Reply one.");
    await postComment(api, f.as.other, first.discussionID, "Reply two.");
    const second = await postDiscussion(api, f.as.member, { name: "Second source", categoryID: category.ideas });
    await postComment(api, f.as.other, second.discussionID, "Reply three.");
    const reacted = await api.post(
      `/api/v2/discussions/${first.discussionID}/reactions`,
      { reactionType: "like" },
      { as: f.as.other },
    );
    expect(reacted.statusCode).toBe(201);
    const before = {
      general: await categoryCounts(api, f.admin, category.general),
      ideas: await categoryCounts(api, f.admin, category.ideas),
      member: await userCounts(api, f.admin, f.users.member.userID),
    };

    const { status, result } = await bulk(
      "PATCH",
      "discussions/merge?longRunnerMode=sync",
      {
        discussionIDs: [first.discussionID, second.discussionID, destination.discussionID],
        destinationDiscussionID: destination.discussionID,
      },
      f.as.moderator,
    );
    expect(status).toBe(200);
    expect(result).toEqual({
      progress: {
        successIDs: [first.discussionID, second.discussionID, destination.discussionID],
        failedIDs: [],
        exceptionsByID: {},
        countTotalIDs: 3,
      },
      callbackPayload: null,
    });
    // Merged away without redirects: gone (410), not unknown.
    expect((await discussion(first.discussionID)).statusCode).toBe(410);
    expect((await discussion(second.discussionID)).statusCode).toBe(410);
    const merged = (await discussion(destination.discussionID)).json<Discussion>();
    expect(merged.countComments).toBe(6);
    const comments = await commentsOf(destination.discussionID);
    expect(comments).toHaveLength(6);
    const fromFirst = comments.find((comment) => comment.body?.includes("<strong>source</strong>"));
    expect(fromFirst).toMatchObject({ insertUserID: f.users.member.userID });
    expect(comments.map((comment) => comment.body ?? "").join(" ")).toContain("Reply three.");
    const reactions = await api.get(`/api/v2/comments/${fromFirst!.commentID}/reactions`, { as: f.admin });
    expect(reactions.json<unknown[]>()).toHaveLength(1);

    expect(await categoryCounts(api, f.admin, category.general)).toMatchObject({
      countDiscussions: before.general.countDiscussions - 1,
      // The first source's 2 replies stay in General and its body became a third; the second brings 2.
      countComments: before.general.countComments + 2 + 1,
    });
    expect(await categoryCounts(api, f.admin, category.ideas)).toMatchObject({
      countDiscussions: before.ideas.countDiscussions - 1,
      countComments: before.ideas.countComments - 1,
    });
    expect(await userCounts(api, f.admin, f.users.member.userID)).toEqual({
      countDiscussions: before.member.countDiscussions - 2,
      countComments: before.member.countComments + 2,
    });
  });

  it("leaves closed redirect discussions behind with addRedirects", async () => {
    const destination = await postDiscussion(f.api, f.admin, {
      name: "Redirect target",
      categoryID: f.category.general,
    });
    const source = await postDiscussion(f.api, f.as.member, { name: "Redirected", categoryID: f.category.general });
    await postComment(f.api, f.as.other, source.discussionID, "Moves along.");
    const { status } = await bulk(
      "PATCH",
      "discussions/merge",
      { discussionIDs: [source.discussionID], destinationDiscussionID: destination.discussionID, addRedirects: true },
      f.as.moderator,
    );
    expect(status).toBe(200);
    const redirect = (await discussion(source.discussionID)).json<Discussion>();
    expect(redirect).toMatchObject({ type: "redirect", closed: true, countComments: 0 });
    expect(redirect.body).toContain(`/discussion/${destination.discussionID}/`);
    expect((await discussion(destination.discussionID)).json<Discussion>().countComments).toBe(2);
  });

  it("refuses merges without discussions.edit, per source and for the destination", async () => {
    const mine = await postDiscussion(f.api, f.as.member, { categoryID: f.category.general });
    const target = await postDiscussion(f.api, f.as.member, { categoryID: f.category.general });
    const asMember = await bulk(
      "PATCH",
      "discussions/merge",
      { discussionIDs: [mine.discussionID, 999999], destinationDiscussionID: target.discussionID },
      f.as.member,
    );
    expect(asMember.status).toBe(403);
    expect(asMember.result.progress.failedIDs).toEqual([mine.discussionID, 999999]);
    expect(asMember.result.progress.exceptionsByID[String(mine.discussionID)]).toMatchObject({ status: 403 });
    const unknownTarget = await bulk(
      "PATCH",
      "discussions/merge",
      { discussionIDs: [mine.discussionID], destinationDiscussionID: 999999 },
      f.as.moderator,
    );
    expect(unknownTarget.status).toBe(404);
    expect((await discussion(mine.discussionID)).statusCode).toBe(200);
  });

  it("splits comments into a new discussion; replies whose parent stays become top-level", async () => {
    const { api, category } = f;
    const source = await postDiscussion(api, f.as.member, { name: "Split source", categoryID: category.general });
    const c1 = await postComment(api, f.as.other, source.discussionID, "One.");
    const c2 = await postComment(api, f.as.other, source.discussionID, "Two.");
    const c3 = await postComment(api, f.as.member, source.discussionID, "Three.");
    const reply = await api.post(
      "/api/v2/comments",
      { discussionID: source.discussionID, parentCommentID: c1.commentID, body: "Reply to one.", format: "markdown" },
      { as: f.as.other },
    );
    const c4 = reply.json<Comment>();
    const before = {
      general: await categoryCounts(api, f.admin, category.general),
      ideas: await categoryCounts(api, f.admin, category.ideas),
    };

    const refused = await bulk(
      "POST",
      "discussions/split",
      { commentIDs: [c2.commentID], newPost: { name: "Not allowed", categoryID: category.ideas } },
      f.as.member,
    );
    expect(refused.status).toBe(403);

    const { status, result } = await bulk(
      "POST",
      "discussions/split?longRunnerMode=sync",
      {
        commentIDs: [c2.commentID, c4.commentID, 999999],
        newPost: { name: "Split out", categoryID: category.ideas, postType: "discussion", authorType: "me" },
      },
      f.as.moderator,
    );
    expect(status).toBe(404);
    expect(result.progress).toEqual({
      successIDs: [c2.commentID, c4.commentID],
      failedIDs: [999999],
      exceptionsByID: { 999999: { message: "Comment not found.", status: 404 } },
      countTotalIDs: 3,
    });
    const created = (
      await api.get(`/api/v2/discussions?categoryID=${category.ideas}&sort=-dateInserted&limit=5`, { as: f.admin })
    )
      .json<Discussion[]>()
      .find((row) => row.name === "Split out")!;
    expect(created).toMatchObject({ insertUserID: f.users.moderator.userID, countComments: 2 });
    expect(created.body).toContain("Split source");
    expect((await commentsOf(created.discussionID)).map((row) => row.commentID)).toEqual([c2.commentID, c4.commentID]);
    const left = await commentsOf(source.discussionID);
    expect(left.map((row) => row.commentID)).toEqual([c1.commentID, c3.commentID]);
    expect((await discussion(source.discussionID)).json<Discussion>().countComments).toBe(2);
    const moved = await f.t.database.db
      .selectFrom("comments")
      .select(["parentCommentID", "depth"])
      .where("commentID", "=", c4.commentID)
      .executeTakeFirstOrThrow();
    expect(moved).toEqual({ parentCommentID: null, depth: 1 });
    expect(await categoryCounts(api, f.admin, category.general)).toMatchObject({
      countDiscussions: before.general.countDiscussions,
      countComments: before.general.countComments - 2,
    });
    expect(await categoryCounts(api, f.admin, category.ideas)).toMatchObject({
      countDiscussions: before.ideas.countDiscussions + 1,
      countComments: before.ideas.countComments + 2,
    });
  });

  it("deletes a list of comments, with rounds through calls/run for many", async () => {
    const { api } = f;
    const target = await postDiscussion(api, f.as.member, { categoryID: f.category.general });
    const mine = await postComment(api, f.as.member, target.discussionID, "Mine.");
    const now = new Date().toISOString();
    const inserted = await f.t.database.db
      .insertInto("comments")
      .values(
        Array.from({ length: 150 }, () => ({
          discussionID: target.discussionID,
          parentCommentID: null,
          body: "Bulk.",
          format: "markdown",
          insertUserID: f.users.other.userID,
          updateUserID: null,
          dateInserted: now,
          dateUpdated: null,
          attributes: null,
          insertIPAddress: null,
        })),
      )
      .returning("commentID")
      .execute();
    await f.t.database.db
      .updateTable("discussions")
      .set({ countComments: 151 })
      .where("discussionID", "=", target.discussionID)
      .execute();
    const ids = inserted.map((row) => row.commentID);

    const forbidden = await bulk("DELETE", "comments/list", { commentIDs: [mine.commentID] }, f.as.member);
    expect(forbidden.status).toBe(403);

    const first = await bulk("DELETE", "comments/list?longRunnerTimeout=0", { commentIDs: ids }, f.as.moderator);
    expect(first.status).toBe(408);
    expect(first.result.progress.successIDs).toEqual(ids.slice(0, 100));
    const rest = await api.request("POST", "/api/v2/calls/run", {
      as: f.as.moderator,
      body: first.result.callbackPayload!,
      headers: { "content-type": "application/system+jwt" },
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json<LongRunnerResult>().progress.successIDs).toEqual(ids.slice(100));
    const after = (await discussion(target.discussionID)).json<Discussion>();
    expect(after.countComments).toBe(1);
    expect((await commentsOf(target.discussionID)).map((row) => row.commentID)).toEqual([mine.commentID]);
  });
});
