import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { ReactedRecord } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  makeMembersOnly,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "author" | "fan";
type Reacted = { recordType: string; recordID: number; discussionID: number; commentID?: number; name: string };

/** Issue 36: `GET /users/{id}/reacted`, a member's posts that received a reaction of one type (Vanilla's). */
describe.each(engines)("GET /users/{id}/reacted on %s", (engine) => {
  let f: ContentFixture<Cast>;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      author: { name: "Reacted Author", role: "member", bypassSpam: true },
      fan: { name: "Reacted Fan", role: "member", bypassSpam: true },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const react = (path: string, reactionType = "like") =>
    f.api.post(`/api/v2/${path}/reactions`, { reactionType }, { as: f.as.fan });
  const reacted = (query: string, as = f.as.fan as typeof f.as.fan | null, userID = f.users.author.userID) =>
    f.api.get(`/api/v2/users/${userID}/reacted?${query}`, { as });

  it("lists the member's discussions and comments that got the reaction, newest first, and only those", async () => {
    const liked = await postDiscussion(f.api, f.as.author, { name: "Liked talk", categoryID: f.category.general });
    const plain = await postDiscussion(f.api, f.as.author, { name: "Plain talk", categoryID: f.category.general });
    f.t.clock.advance(60_000);
    const comment = await postComment(f.api, f.as.author, plain.discussionID, "A liked reply.");
    const other = await postDiscussion(f.api, f.as.fan, { name: "Not the author's", categoryID: f.category.general });
    for (const path of [
      `discussions/${liked.discussionID}`,
      `comments/${comment.commentID}`,
      `discussions/${other.discussionID}`,
    ])
      expect((await react(path)).statusCode, path).toBe(201);
    expect((await react(`discussions/${plain.discussionID}`, "insightful")).statusCode).toBe(201);

    const response = await reacted("reactionUrlcode=like&expand[]=all");
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(Type.Array(ReactedRecord), response.json());
    const items = response.json<Array<Reacted & { insertUser?: object; reactions?: Array<{ urlcode: string }> }>>();
    expect(items.map((item) => [item.recordType, item.recordID])).toEqual([
      ["Comment", comment.commentID],
      ["Discussion", liked.discussionID],
    ]);
    expect(items[0]).toMatchObject({ discussionID: plain.discussionID, commentID: comment.commentID });
    expect(items[0]?.insertUser).toBeDefined();
    expect(items[1]?.reactions?.map((reaction) => reaction.urlcode)).toContain("like");
    // Without expand, neither the author nor the reactions; another type lists its own.
    const bare = (await reacted("reactionUrlcode=like")).json<Array<Reacted & { insertUser?: object }>>();
    expect(bare[0]?.insertUser).toBeUndefined();
    const insightful = (await reacted("reactionUrlcode=insightful", null)).json<Reacted[]>();
    expect(insightful.map((item) => item.recordID)).toEqual([plain.discussionID]);
  });

  it("shows what the viewer may read; refuses a missing or unknown reaction and an unknown member", async () => {
    const hidden = f.category["show-and-tell"];
    await makeMembersOnly(f, hidden);
    const inside = await postDiscussion(f.api, f.as.author, { name: "Members only", categoryID: hidden });
    expect((await react(`discussions/${inside.discussionID}`, "awesome")).statusCode).toBe(201);
    const member = (await reacted("reactionUrlcode=awesome")).json<Reacted[]>();
    expect(member.map((item) => item.recordID)).toEqual([inside.discussionID]);
    expect((await reacted("reactionUrlcode=awesome", null)).json()).toEqual([]);

    expect((await reacted("")).statusCode).toBe(400);
    expect((await reacted("reactionUrlcode=nope")).statusCode).toBe(404);
    expect((await reacted("reactionUrlcode=like", f.as.fan, 999999)).statusCode).toBe(404);
    expect((await reacted("reactionUrlcode=like&limit=0")).statusCode).toBe(400);
  });
});
