import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discussionMessages, discussionRules, type Discussion } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, postDiscussion, type ContentFixture } from "../../test/content.ts";

type Cast = "poster" | "commenter" | "mixed" | "exempt" | "moderator";

/** The 429 message with its placeholders filled from the contract's rules. */
const floodMessage = discussionMessages.flood
  .replace("{count}", String(discussionRules.floodPosts))
  .replace("{window}", String(discussionRules.floodWindowSeconds))
  .replace("{lock}", String(discussionRules.floodLockSeconds));

describe.each(engines)("flood control on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let target: Discussion;

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      poster: { name: "Flood Poster", role: "member" },
      commenter: { name: "Flood Commenter", role: "member" },
      mixed: { name: "Flood Mixed", role: "member" },
      exempt: { name: "Flood Exempt", role: "member", bypassSpam: true },
      moderator: { name: "Flood Moderator", role: "moderator" },
    });
    target = await postDiscussion(f.api, f.admin, { name: "Reply here", categoryID: f.category.general });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const discuss = (as: Session, index: number) =>
    f.api.post(
      "/api/v2/discussions",
      { name: `Post ${index}`, body: "Body", format: "text", categoryID: f.category.general },
      { as },
    );
  const reply = (as: Session, index: number) =>
    f.api.post(
      "/api/v2/comments",
      { discussionID: target.discussionID, body: `Reply ${index}`, format: "text" },
      { as },
    );
  const expectFlooded = (response: Awaited<ReturnType<typeof discuss>>) => {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: floodMessage, status: 429, description: null });
  };

  it("answers 429 to a member's 4th discussion within 30 s, then locks comments too", async () => {
    expect(floodMessage).toBe(
      "You have posted 3 times within 30 seconds. A spam block is now in effect on your account. You must wait at least 120 seconds before attempting to post again.",
    );
    for (let i = 1; i <= discussionRules.floodPosts; i++) expect((await discuss(f.as.poster, i)).statusCode).toBe(201);
    expectFlooded(await discuss(f.as.poster, 4));
    expectFlooded(await reply(f.as.poster, 5));
    const mine = (await f.api.get(`/api/v2/discussions?insertUserID=${f.users.poster.userID}`)).json<Discussion[]>();
    expect(mine).toHaveLength(discussionRules.floodPosts);
  });

  it("answers 429 to a member's 4th comment within 30 s", async () => {
    for (let i = 1; i <= 3; i++) expect((await reply(f.as.commenter, i)).statusCode).toBe(201);
    expectFlooded(await reply(f.as.commenter, 4));
    expectFlooded(await discuss(f.as.commenter, 5));
  });

  it("counts discussions and comments together", async () => {
    expect((await discuss(f.as.mixed, 1)).statusCode).toBe(201);
    expect((await reply(f.as.mixed, 2)).statusCode).toBe(201);
    expect((await discuss(f.as.mixed, 3)).statusCode).toBe(201);
    expectFlooded(await reply(f.as.mixed, 4));
  });

  it("does not limit moderators, admins or members marked bypassSpam", async () => {
    for (const as of [f.as.moderator, f.admin, f.as.exempt]) {
      for (let i = 1; i <= 6; i++) {
        const response = i % 2 ? await discuss(as, i) : await reply(as, i);
        expect(response.statusCode, `post ${i} of ${as.me.name}`).toBe(201);
      }
    }
  });
});
