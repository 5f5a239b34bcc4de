import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Comment } from "@parley/contracts";
import type { Api, Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  expectSchema,
  getComments,
  getDiscussions,
  membersMayView,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { createKeptJsonFixture, listAnswer, type KeptJsonCast } from "../../test/kept-json.ts";

/**
 * `GET /comments` answers a kept row's record from JSON made once for every reader (`comments.list-json.ts`,
 * issue 26). These tests hold that answer to the one the records' presenter makes (a server without kept rows), for
 * every kind of reader, and show that the kept JSON is made again when what it shows changes.
 */
describe.each(engines)("a page of comments' kept JSON on %s", (engine) => {
  let f: ContentFixture<KeptJsonCast>;
  let unkept: Api;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ f, unkept, close } = await createKeptJsonFixture(engine, "Reply"));
  });
  afterAll(async () => {
    await close?.();
  });

  const pageOn = (api: Api, query: string, as: Session | null) =>
    listAnswer<Comment>(api, `/api/v2/comments?${query}`, as);

  it("answers every reader the records the presenter makes, kept or not", async () => {
    const topic = await postDiscussion(f.api, f.as.member, { name: "Kept replies", categoryID: f.category.general });
    await postComment(f.api, f.as.other, topic.discussionID, "A reply with **bold**.");
    await postComment(f.api, f.as.member, topic.discussionID, "The author's own reply.");
    const liked = await postComment(f.api, f.as.moderator, topic.discussionID, "A liked reply.");
    const like = await f.api.post(
      `/api/v2/comments/${liked.commentID}/reactions`,
      { reactionType: "like" },
      { as: f.as.other },
    );
    expect(like.statusCode, like.body).toBe(201);
    // A question's answers carry their judgement, read each time.
    const question = await postDiscussion(f.api, f.as.member, {
      name: "Kept question?",
      categoryID: f.category.general,
      type: "question",
    });
    const answer = await postComment(f.api, f.as.other, question.discussionID, "An answer.");
    await postComment(f.api, f.as.member, question.discussionID, "The asker's own comment.");
    const pending = (await pageOn(f.api, `discussionID=${question.discussionID}`, f.as.moderator)).items;
    expect((pending[0]!.attributes["answer"] as { status: string }).status).toBe("pending");
    const accepted = await f.api.patch(
      `/api/v2/comments/${answer.commentID}/answer`,
      { status: "accepted" },
      { as: f.as.member },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);

    const queries = [
      `discussionID=${topic.discussionID}`,
      `discussionID=${topic.discussionID}&expand=insertUser`,
      `discussionID=${topic.discussionID}&expand=-body&limit=2&page=2`,
      // Expands only the presenter answers (the viewer's reactions and permissions): no kept JSON.
      `discussionID=${topic.discussionID}&expand=reactions,permissions`,
      `discussionID=${topic.discussionID}&expand=all`,
      `discussionID=${question.discussionID}`,
      `insertUserID=${f.users.other.userID}`,
    ];
    const readers: Array<[string, Session | null]> = [
      ["guest", null],
      ["member", f.as.member],
      ["other", f.as.other],
      ["moderator", f.as.moderator],
    ];
    for (const query of queries) {
      for (const [name, as] of readers) {
        const expected = await pageOn(unkept, query, as);
        expect(expected.items.length, query).toBeGreaterThan(0);
        for (const time of ["first", "second"]) {
          expect(await pageOn(f.api, query, as), `${query} as ${name}, ${time} time`).toEqual(expected);
        }
        for (const item of expected.items) expectSchema(Comment, item);
      }
    }
    const answers = (await pageOn(f.api, `discussionID=${question.discussionID}`, f.as.moderator)).items;
    expect(answers.map((item) => (item.attributes["answer"] as { status: string } | undefined)?.status)).toEqual([
      "accepted",
      undefined,
    ]);
  });

  it("refuses the comments of a discussion a reader may not see, though another reader's page kept them", async () => {
    const hidden = await postDiscussion(f.api, f.admin, { name: "Staff replies", categoryID: f.category.ideas });
    await postComment(f.api, f.admin, hidden.discussionID, "Staff talk.");
    expect((await membersMayView(f, f.category.ideas, false)).statusCode).toBe(200);
    try {
      expect((await getComments(f.api, `discussionID=${hidden.discussionID}`, f.admin)).length).toBe(1);
      const denied = await f.api.get(`/api/v2/comments?discussionID=${hidden.discussionID}`, { as: f.as.member });
      expect(denied.statusCode).toBe(403);
      const byAuthor = await getComments(f.api, `insertUserID=${f.adminID}`, f.as.member);
      expect(byAuthor.map((item) => item.discussionID)).not.toContain(hidden.discussionID);
    } finally {
      expect((await membersMayView(f, f.category.ideas, true)).statusCode).toBe(200);
    }
  });

  it("makes a kept record's JSON again when its discussion, its author or the censored words change", async () => {
    const topic = await postDiscussion(f.api, f.as.member, { name: "Parsnip talk", categoryID: f.category.general });
    await postComment(f.api, f.as.moderator, topic.discussionID, "Parsnip is fine.");
    const query = `discussionID=${topic.discussionID}&expand=insertUser`;
    const first = async () => (await getComments(f.api, query, f.as.other))[0]!;
    expect((await first()).name).toBe("Re: Parsnip talk");

    const renamed = await f.api.patch(
      `/api/v2/discussions/${topic.discussionID}`,
      { name: "Parsnip soup" },
      { as: f.as.member },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The moderator replied last: the discussion list keeps their byline now. Thirty seconds on, the comments' rows
    // and their discussion's are kept with JSON made from that byline.
    const listed = await getDiscussions(f.api, `discussionID=${topic.discussionID}&expand=lastUser`, f.as.other);
    expect(listed[0]!.lastUser?.name).toBe("Reply Moderator");
    f.t.clock.advance(30_000);
    expect(await first()).toMatchObject({ name: "Re: Parsnip soup", insertUser: { name: "Reply Moderator" } });
    // A change no event tells: the byline is read afresh once its own minute is up, while the rows are still kept.
    await f.t.database.db
      .updateTable("users")
      .set({ name: "Reply Behind" })
      .where("userID", "=", f.users.moderator.userID)
      .execute();
    f.t.clock.advance(31_000);
    expect((await first()).insertUser?.name).toBe("Reply Behind");

    // A discussion renamed where no event tells: its row, kept 31 s ago, is read afresh once its minute is up, while
    // a page of its comments kept now is still kept; their JSON follows the new title.
    await getComments(f.api, `${query}&limit=28`, f.as.other);
    await f.t.database.db
      .updateTable("discussions")
      .set({ name: "Parsnip stew" })
      .where("discussionID", "=", topic.discussionID)
      .execute();
    expect((await getComments(f.api, `${query}&limit=28`, f.as.other))[0]!.name).toBe("Re: Parsnip soup");
    f.t.clock.advance(30_000);
    expect((await getComments(f.api, `${query}&limit=28`, f.as.other))[0]!.name).toBe("Re: Parsnip stew");

    const watched = await f.api.post("/api/v2/watched-words", { word: "parsnip", action: "censor" }, { as: f.admin });
    expect(watched.statusCode, watched.body).toBe(201);
    const censored = await first();
    expect(censored.name).not.toMatch(/parsnip/i);
    expect(censored.body).not.toMatch(/parsnip/i);
  });
});
