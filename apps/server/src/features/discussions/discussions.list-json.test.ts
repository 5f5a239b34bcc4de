import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Discussion, type Category as CategoryRecord } from "@parley/contracts";
import type { Api, Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  expectSchema,
  getDiscussions,
  membersMayView,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { createKeptJsonFixture, listAnswer, type KeptJsonCast } from "../../test/kept-json.ts";

/**
 * `GET /discussions` answers a kept row's record from JSON made once for every viewer, with the viewer's own fields
 * laid on (`discussions.list-json.ts`, issue 26). These tests hold that answer to the one the records' presenter makes
 * (`presentDiscussions`, as a server without kept rows answers), for every kind of viewer, and show that the kept JSON
 * is made again when what it shows changes.
 */
describe.each(engines)("a discussion list's kept JSON on %s", (engine) => {
  let f: ContentFixture<KeptJsonCast>;
  let unkept: Api;
  let close: () => Promise<void>;
  let ideas: number;

  beforeAll(async () => {
    ({ f, unkept, close } = await createKeptJsonFixture(engine, "Json"));
    const created = await f.api.post(
      "/api/v2/categories",
      { name: "Json Ideas", urlcode: "json-ideas", allowedDiscussionTypes: ["idea", "discussion"] },
      { as: f.admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    ideas = created.json<CategoryRecord>().categoryID;
  });
  afterAll(async () => {
    await close?.();
  });

  const listOn = (api: Api, query: string, as: Session | null) =>
    listAnswer<Discussion>(api, `/api/v2/discussions?${query}`, as);

  it("answers every viewer the records the presenter makes, kept or not, with each viewer's own fields", async () => {
    const plain = await postDiscussion(f.api, f.as.member, { name: "Plain **one**", categoryID: f.category.general });
    const read = await postDiscussion(f.api, f.as.other, {
      name: "Read by the member",
      categoryID: f.category.general,
    });
    await postComment(f.api, f.as.other, read.discussionID, "A first reply.");
    const question = await postDiscussion(f.api, f.as.other, {
      name: "A question?",
      categoryID: f.category.general,
      type: "question",
    });
    const idea = await f.api.post(
      "/api/v2/discussions/idea",
      { name: "An idea", body: "Vote on it.", format: "markdown", categoryID: ideas },
      { as: f.as.member },
    );
    expect(idea.statusCode, idea.body).toBe(201);
    const ideaID = idea.json<Discussion>().discussionID;
    const voted = await f.api.put(`/api/v2/discussions/${ideaID}/vote`, { vote: "up" }, { as: f.as.other });
    expect(voted.statusCode, voted.body).toBe(200);
    const hidden = await postDiscussion(f.api, f.admin, { name: "Staff only list", categoryID: f.category.ideas });
    // The member's own state: one bookmarked, one muted; the others unread, with their comments.
    const own = (path: string, body: object) => f.api.put(`/api/v2/discussions/${path}`, body, { as: f.as.member });
    expect((await own(`${plain.discussionID}/bookmark`, { bookmarked: true })).statusCode).toBe(200);
    await postComment(f.api, f.as.other, read.discussionID, "A second reply.");
    expect((await own(`${question.discussionID}/mute`, { muted: true })).statusCode).toBe(200);
    expect((await membersMayView(f, f.category.ideas, false)).statusCode).toBe(200);

    try {
      const queries = [
        "limit=50",
        "limit=50&expand=insertUser,lastUser",
        "limit=50&expand=category,excerpt&excerptLength=12",
        "limit=50&expand=-body,-insertUser",
        // Expands only the presenter answers (the viewer's reactions, tags, permissions): no kept JSON.
        "limit=50&expand=tags,reactions",
        "limit=50&expand=all",
        `categoryID=${f.category.general}&limit=5&page=2`,
      ];
      const viewers: Array<[string, Session | null]> = [
        ["guest", null],
        ["member", f.as.member],
        ["other", f.as.other],
        ["moderator", f.as.moderator],
        ["admin", f.admin],
      ];
      for (const query of queries) {
        for (const [name, as] of viewers) {
          const expected = await listOn(unkept, query, as);
          // Twice: the first answer makes the kept JSON, the second is made from it.
          for (const time of ["first", "second"]) {
            const kept = await listOn(f.api, query, as);
            expect(kept, `${query} as ${name}, ${time} time`).toEqual(expected);
          }
          for (const item of expected.items) expectSchema(Discussion, item);
        }
      }

      const mine = (await listOn(f.api, "limit=50", f.as.member)).items;
      const theirs = (await listOn(f.api, "limit=50", f.as.other)).items;
      const pick = (items: Discussion[], id: number) => items.find((item) => item.discussionID === id);
      expect(pick(mine, plain.discussionID)).toMatchObject({ bookmarked: true, muted: false, unread: false });
      expect(pick(theirs, plain.discussionID)).toMatchObject({ bookmarked: false, unread: true, countUnread: 0 });
      expect(pick(mine, read.discussionID)).toMatchObject({ unread: true, countUnread: 2 });
      expect(pick(mine, question.discussionID)?.muted).toBe(true);
      expect(pick(theirs, ideaID)?.attributes["idea"]).toMatchObject({ vote: "up" });
      expect(pick(mine, ideaID)?.attributes["idea"]).toMatchObject({ vote: "none" });
      expect(pick(mine, hidden.discussionID)).toBeUndefined();
      expect(pick((await listOn(f.api, "limit=50", f.admin)).items, hidden.discussionID)?.name).toBe("Staff only list");
      const guest = (await listOn(f.api, "limit=50", null)).items;
      expect(pick(guest, plain.discussionID)).not.toHaveProperty("countUnread");
    } finally {
      expect((await membersMayView(f, f.category.ideas, true)).statusCode).toBe(200);
    }
  });

  it("makes a kept record's JSON again when its author, its category or the censored words change", async () => {
    const topic = await postDiscussion(f.api, f.as.other, {
      name: "About rutabaga soup",
      categoryID: f.category.general,
    });
    const query = `discussionID=${topic.discussionID}&expand=insertUser,category`;
    const record = async () => (await getDiscussions(f.api, query, f.as.member))[0]!;
    expect((await record()).insertUser?.name).toBe("Json Other");
    expect((await record()).category?.name).toBe("General Discussion");

    const renamed = await f.api.patch(
      `/api/v2/users/${f.users.other.userID}`,
      { name: "Json Renamed" },
      { as: f.admin },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await record()).insertUser?.name).toBe("Json Renamed");

    const category = await f.api.patch(
      `/api/v2/categories/${f.category.general}`,
      { name: "General Talk" },
      { as: f.admin },
    );
    expect(category.statusCode, category.body).toBe(200);
    expect((await record()).category?.name).toBe("General Talk");

    const watched = await f.api.post("/api/v2/watched-words", { word: "rutabaga", action: "censor" }, { as: f.admin });
    expect(watched.statusCode, watched.body).toBe(201);
    expect((await record()).name).not.toContain("rutabaga");
    // The viewer's own fields stay theirs throughout.
    expect((await record()).unread).toBe(true);
    expect((await getDiscussions(f.api, query, f.as.other))[0]!.unread).toBe(false);
  });

  it("makes it again when the author's kept byline is read afresh, though the row is still kept", async () => {
    const topic = await postDiscussion(f.api, f.as.moderator, {
      name: "Byline read again",
      categoryID: f.category.general,
    });
    const authorIn = async (query: string) =>
      (await getDiscussions(f.api, query, f.as.member)).find((item) => item.discussionID === topic.discussionID)
        ?.insertUser?.name;
    // The byline is kept now (and for 60 s); six seconds on, another page's rows are kept with JSON made from it.
    expect(await authorIn("limit=30")).toBe("Json Moderator");
    f.t.clock.advance(6_000);
    expect(await authorIn("limit=31")).toBe("Json Moderator");
    // A change no event tells (as a member's last activity): the byline is read afresh once its own minute is up,
    // while that page's rows are still kept; their JSON follows the new byline.
    await f.t.database.db
      .updateTable("users")
      .set({ name: "Json Behind" })
      .where("userID", "=", f.users.moderator.userID)
      .execute();
    f.t.clock.advance(55_000);
    expect(await authorIn("limit=31")).toBe("Json Behind");
  });
});
