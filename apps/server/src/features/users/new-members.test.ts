import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Me } from "@parley/contracts";
import { createContentFixture, expectSchema, postDiscussion, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import type { Session } from "../../test/accounts.ts";

const cast = {
  posts: { name: "Pat Poster", role: "member" },
  links: { name: "Lin Linker", role: "member" },
  images: { name: "Ida Imager", role: "member" },
  writer: { name: "Wes Writer", role: "member" },
  aged: { name: "Ada Aged", role: "member" },
  mod: { name: "Mo Moderator", role: "moderator" },
} as const;
type Who = keyof typeof cast;

const DAY_MS = 24 * 60 * 60_000;
/** The sentence's end under the test's settings (trusted after 3 posts or 2 days). */
const until = "You can post more after 3 posts or 2 days.";

const links = (count: number) =>
  Array.from({ length: count }, (_, i) => `[site ${i}](https://site${i}.example/page)`).join(" and ");
const images = (count: number) =>
  Array.from({ length: count }, (_, i) => `![picture ${i}](https://cdn.example/${i}.png)`).join("\n\n");
/**
 * What a trusted member may post past the limits: links and images enough to pass them, to one site and with
 * words around them, which the spam check (a separate matter, premoderation) takes for a member's post.
 */
const pastTheLimits = (linkCount: number, imageCount: number) =>
  [
    "Here is what I read about pruning roses this spring, with pictures from our garden:",
    ...["cutting back", "feeding", "watering", "mulching"]
      .slice(0, linkCount)
      .map((topic, i) => `- [${topic}](https://roses.example/notes/${i})`),
    ...Array.from({ length: imageCount }, (_, i) => `![bed ${i}](/uploads/beds/${i}.png)`),
  ].join("\n\n");
/** A rich2 (Slate) body: a paragraph of links, then image cards. */
const rich2 = (linkCount: number, imageCount: number) =>
  JSON.stringify([
    {
      type: "p",
      children: [
        { text: "Look: " },
        ...Array.from({ length: linkCount }, (_, i) => ({
          type: "a",
          url: `https://rich${i}.example`,
          children: [{ text: `link ${i}` }],
        })),
      ],
    },
    ...Array.from({ length: imageCount }, (_, i) => ({
      type: "rich_embed_card",
      dataSourceType: "image",
      embedData: { embedType: "image", url: `https://cdn.example/r${i}.png`, name: `r${i}.png` },
      children: [{ text: "" }],
    })),
  ]);
/** A rich (Quill) body of links. */
const rich = (linkCount: number) =>
  JSON.stringify([
    ...Array.from({ length: linkCount }, (_, i) => ({
      insert: `link ${i} `,
      attributes: { link: `https://quill${i}.example` },
    })),
    { insert: "\n" },
  ]);

interface Refusal {
  status: number;
  message: string;
  errors?: Array<{ field: string; message: string }>;
}

describe.each(engines)("limits for new members on %s", (engine) => {
  let f: ContentFixture<Who>;
  let discussionID: number;

  const settings = (values: Record<string, number | boolean>) => f.api.patch("/api/v2/config", values, { as: f.admin });
  const comment = (as: Session, body: string, format = "markdown") =>
    f.api.post("/api/v2/comments", { discussionID, body, format }, { as });
  const discussion = (as: Session, body: string, format = "markdown") =>
    f.api.post("/api/v2/discussions", { categoryID: f.category.general, name: "A question", body, format }, { as });
  const startConversation = (as: Session, userID: number) =>
    f.api.post(
      "/api/v2/conversations",
      { participantUserIDs: [userID], initialBody: "Hello there", initialFormat: "text" },
      { as },
    );
  const me = async (as: Session) => {
    const response = await f.api.get("/api/v2/users/me", { as });
    expectSchema(Me, response.json());
    return response.json<Me>();
  };
  /** A 422 on `body` whose one message is the sentence. */
  const expectBodyRefused = (response: { statusCode: number; body: string }, message: string) => {
    expect(response.statusCode, response.body).toBe(422);
    expect((JSON.parse(response.body) as Refusal).errors).toEqual([
      expect.objectContaining({ field: "body", message }),
    ]);
  };
  const linksRefusal = `New members can post at most 2 links. ${until}`;
  const imagesRefusal = `New members can post at most 1 image. ${until}`;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    // The accounts a day old: still new to the limits (trusted after 2 days), no longer to the spam check, whose
    // "links from a new account" would hold their allowed posts for approval.
    await f.t.database.db
      .updateTable("users")
      .set({ dateInserted: new Date(f.t.clock.now().getTime() - DAY_MS - 60_000).toISOString() })
      .where(
        "userID",
        "in",
        Object.values(f.users).map((user) => user.userID),
      )
      .execute();
    discussionID = (await postDiscussion(f.api, f.admin, { categoryID: f.category.general })).discussionID;
    // The test app starts with nobody new (PARLEY_NEW_MEMBER_LIMITS off): the site manager sets the limits.
    const response = await settings({
      "newMembers.postsPerDay": 2,
      "newMembers.maxLinks": 2,
      "newMembers.maxImages": 1,
      "newMembers.canMessage": false,
      "newMembers.trustPosts": 3,
      "newMembers.trustDays": 2,
    });
    expect(response.statusCode, response.body).toBe(200);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("lets only site managers change the limits, and shows them to every visitor", async () => {
    expect((await f.api.patch("/api/v2/config", { "newMembers.maxLinks": 50 }, { as: f.as.mod })).statusCode).toBe(403);
    expect((await settings({ "newMembers.maxLinks": -1 })).statusCode).toBe(400);
    const read = await f.api.get("/api/v2/config?select=newMembers.maxLinks,newMembers.trustDays", { as: null });
    expect(read.json()).toEqual({ "newMembers.maxLinks": 2, "newMembers.trustDays": 2 });
  });

  it("tells a new member their limits on /users/me, and nobody else", async () => {
    expect((await me(f.as.posts)).newMember).toEqual({
      postsPerDay: 2,
      maxLinks: 2,
      maxImages: 1,
      canMessage: false,
      trustPosts: 3,
      trustDays: 2,
    });
    expect((await me(f.as.mod)).newMember).toBeNull();
    expect((await me(f.admin)).newMember).toBeNull();
  });

  it("refuses a new member's post past their posts of the day; a setting of 0 lifts it; 3 posts make them trusted", async () => {
    expect((await discussion(f.as.posts, "My first question.")).statusCode).toBe(201);
    expect((await comment(f.as.posts, "And a comment.")).statusCode).toBe(201);
    const refused = await comment(f.as.posts, "One too many.");
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json<Refusal>().message).toBe(`New members can post at most 2 times a day. ${until}`);
    expect((await discussion(f.as.posts, "Another question.")).statusCode).toBe(429);

    // The setting changed applies at once; 0 turns the limit off.
    expect((await settings({ "newMembers.postsPerDay": 0 })).statusCode).toBe(200);
    expect((await comment(f.as.posts, "Third post, now allowed.")).statusCode).toBe(201);
    // Three published posts: trusted, so no limit applies any more (links, images, messages).
    expect((await settings({ "newMembers.postsPerDay": 2 })).statusCode).toBe(200);
    expect((await me(f.as.posts)).newMember).toBeNull();
    f.t.clock.advance(31_000); // past flood control's 30 seconds
    const trusted = await comment(f.as.posts, pastTheLimits(3, 2));
    expect(trusted.statusCode, trusted.body).toBe(201);
    expect((await startConversation(f.as.posts, f.users.mod.userID)).statusCode).toBe(201);
  });

  it("counts links in the rendered post, in every format, on creation and on edit", async () => {
    expectBodyRefused(await comment(f.as.links, `Three: ${links(3)}`), linksRefusal);
    // Bare addresses the formats turn into links count too.
    expectBodyRefused(
      await comment(f.as.links, "https://a.example https://b.example https://c.example", "text"),
      linksRefusal,
    );
    expectBodyRefused(
      await comment(
        f.as.links,
        '<a href="https://a.example">a</a> <a href="https://b.example">b</a> <a href="/c">c</a>',
        "html",
      ),
      linksRefusal,
    );
    expectBodyRefused(await comment(f.as.links, rich2(3, 0), "rich2"), linksRefusal);
    expectBodyRefused(await comment(f.as.links, rich(3), "rich"), linksRefusal);
    expectBodyRefused(await discussion(f.as.links, links(3)), linksRefusal);
    // Mentions are not links; two links are allowed.
    const allowed = await comment(f.as.links, `@"Mo Moderator" @"Wes Writer" ${links(2)}`);
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect((await comment(f.as.links, rich2(2, 0), "rich2")).statusCode).toBe(201);
    // An edit may not add a third.
    const commentID = allowed.json<{ commentID: number }>().commentID;
    expectBodyRefused(
      await f.api.patch(`/api/v2/comments/${commentID}`, { body: links(3) }, { as: f.as.links }),
      linksRefusal,
    );
  });

  it("counts images in markdown and rich posts, and refuses them on a discussion's edit", async () => {
    expectBodyRefused(await comment(f.as.images, images(2)), imagesRefusal);
    expectBodyRefused(await comment(f.as.images, rich2(0, 2), "rich2"), imagesRefusal);
    // Both limits at once: both sentences.
    const both = await comment(f.as.images, `${links(3)}\n\n${images(2)}`);
    expect(both.statusCode).toBe(422);
    expect(both.json<Refusal>().errors?.map((error) => error.message)).toEqual([linksRefusal, imagesRefusal]);
    const posted = await discussion(f.as.images, images(1));
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json<{ discussionID: number }>().discussionID;
    expectBodyRefused(
      await f.api.patch(`/api/v2/discussions/${id}`, { body: images(2) }, { as: f.as.images }),
      imagesRefusal,
    );
    // A title-only edit is not checked against the body's limits.
    expect((await f.api.patch(`/api/v2/discussions/${id}`, { name: "Renamed" }, { as: f.as.images })).statusCode).toBe(
      200,
    );
  });

  it("refuses new members' private messages, lets them answer one started with them, and follows the setting", async () => {
    const refused = await startConversation(f.as.writer, f.users.mod.userID);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<Refusal>().message).toBe(
      "New members cannot send private messages. You can send them after 3 posts or 2 days.",
    );
    // A moderator writes to them: they may answer.
    const started = await startConversation(f.as.mod, f.users.writer.userID);
    expect(started.statusCode, started.body).toBe(201);
    const conversationID = started.json<{ conversationID: number }>().conversationID;
    const answer = await f.api.post(
      "/api/v2/messages",
      { conversationID, body: "Thank you!", format: "text" },
      { as: f.as.writer },
    );
    expect(answer.statusCode, answer.body).toBe(201);

    expect((await settings({ "newMembers.canMessage": true })).statusCode).toBe(200);
    expect((await startConversation(f.as.writer, f.users.mod.userID)).statusCode).toBe(201);
    expect((await settings({ "newMembers.canMessage": false })).statusCode).toBe(200);
    expect((await startConversation(f.as.writer, f.users.mod.userID)).statusCode).toBe(403);
  });

  it("leaves moderators and site managers alone", async () => {
    for (const as of [f.as.mod, f.admin]) {
      expect((await comment(as, `${links(5)}\n\n${images(3)}`)).statusCode).toBe(201);
      expect((await startConversation(as, f.users.aged.userID)).statusCode).toBe(201);
    }
  });

  it("trusts a member whose account is old enough, whatever they posted", async () => {
    expectBodyRefused(await comment(f.as.aged, links(3)), linksRefusal);
    expect((await startConversation(f.as.aged, f.users.mod.userID)).statusCode).toBe(403);
    // Their account two days old (and a minute).
    const dateInserted = new Date(f.t.clock.now().getTime() - 2 * DAY_MS - 60_000).toISOString();
    await f.t.database.db
      .updateTable("users")
      .set({ dateInserted })
      .where("userID", "=", f.users.aged.userID)
      .execute();
    expect((await me(f.as.aged)).newMember).toBeNull();
    expect((await comment(f.as.aged, pastTheLimits(3, 2))).statusCode).toBe(201);
    expect((await startConversation(f.as.aged, f.users.mod.userID)).statusCode).toBe(201);
  });
});
