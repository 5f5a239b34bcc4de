import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits, ReactionType, type Discussion, type ReactionType as ReactionTypeRecord } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, expectSchema, postDiscussion, type ContentFixture } from "../../test/content.ts";

type Cast = "author" | "member" | "moderator";

describe.each(engines)("PATCH /reactions/{urlCode} on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let discussion: Discussion;

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      author: { name: "Types Author", role: "member", bypassSpam: true },
      member: { name: "Types Member", role: "member" },
      moderator: { name: "Types Moderator", role: "moderator" },
    });
    discussion = await postDiscussion(f.api, f.as.author, { name: "React with types", categoryID: f.category.general });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const patch = (urlCode: string, body: unknown, as: Session | null = f.admin) =>
    f.api.patch(`/api/v2/reactions/${urlCode}`, body, { as });
  const react = (as: Session, reactionType: string) =>
    f.api.post(`/api/v2/discussions/${discussion.discussionID}/reactions`, { reactionType }, { as });
  const listed = async (urlCode: string) =>
    (await f.api.get("/api/v2/reactions")).json<ReactionTypeRecord[]>().find((type) => type.urlCode === urlCode)!;
  const score = async () =>
    (await f.api.get(`/api/v2/discussions/${discussion.discussionID}`)).json<Discussion>().score;
  const fieldOf = (response: { json: () => unknown }) =>
    (response.json() as { errors?: Array<{ field: string }> }).errors?.map((error) => error.field);

  it("renames, describes and re-points a type, and answers it as GET /reactions lists it", async () => {
    const response = await patch("insightful", { name: "  Thoughtful ", description: "Makes you think.", points: 2 });
    expect(response.statusCode).toBe(200);
    expectSchema(ReactionType, response.json());
    expect(response.json()).toMatchObject({
      tagID: 3,
      urlCode: "insightful",
      name: "Thoughtful",
      description: "Makes you think.",
      points: 2,
      active: true,
    });
    expect(await listed("insightful")).toEqual(response.json());
    // The url code in any case finds it; a patch of one field leaves the others.
    const again = await patch("Insightful", { points: 1 });
    expect(again.json()).toMatchObject({ name: "Thoughtful", description: "Makes you think.", points: 1 });
  });

  it("moves the score of posts already reacted to by the new points, so removing a reaction takes off what it adds", async () => {
    expect((await react(f.as.member, "awesome")).statusCode).toBe(201);
    expect(await score()).toBe(1);
    expect((await patch("awesome", { points: 3 })).statusCode).toBe(200);
    expect(await score()).toBe(3);
    expect(
      (await f.api.delete(`/api/v2/discussions/${discussion.discussionID}/reactions`, { as: f.as.member })).statusCode,
    ).toBe(204);
    expect(await score()).toBe(0);
  });

  it("turned off: listed as inactive, reacting with it refused; turned on again: allowed", async () => {
    const off = await patch("like", { active: false });
    expect([off.statusCode, off.json<ReactionTypeRecord>().active]).toEqual([200, false]);
    expect((await listed("like")).active).toBe(false);
    const refused = await react(f.as.member, "like");
    expect([refused.statusCode, fieldOf(refused)]).toEqual([400, ["reactionType"]]);
    expect(await score()).toBe(0);
    const on = await patch("like", { active: true });
    expect(on.json<ReactionTypeRecord>().active).toBe(true);
    expect((await react(f.as.member, "like")).statusCode).toBe(201);
    expect(await score()).toBe(1);
  });

  it("a change made through another process: a reaction's write reads it at once, the lists within seconds", async () => {
    expect((await listed("lol")).active).toBe(true);
    // Another process's PATCH: this one's copy of the types still says LOL is on and worth 0.
    const types = f.t.database.db.updateTable("reactionTypes").where("urlcode", "=", "lol");
    await types.set({ active: 0 }).execute();
    const refused = await react(f.as.member, "lol");
    expect([refused.statusCode, fieldOf(refused)]).toEqual([400, ["reactionType"]]);
    expect((await listed("lol")).active).toBe(true);
    f.t.clock.advance(5_000);
    expect((await listed("lol")).active).toBe(false);
    await types.set({ active: 1, points: 4 }).execute();
    await f.api.delete(`/api/v2/discussions/${discussion.discussionID}/reactions`, { as: f.as.member });
    const before = (await score())!;
    expect((await react(f.as.member, "lol")).statusCode).toBe(201);
    expect(await score()).toBe(before + 4);
    // Taken back with the points it is worth now, whatever this process last listed.
    await types.set({ points: 2 }).execute();
    await f.api.delete(`/api/v2/discussions/${discussion.discussionID}/reactions`, { as: f.as.member });
    expect(await score()).toBe(before + 2);
    await types.set({ points: 0 }).execute();
  });

  it("refuses a blank name, a name too long, points out of range and ignores fields it does not take", async () => {
    const blank = await patch("agree", { name: "   " });
    expect([blank.statusCode, fieldOf(blank)]).toEqual([400, ["name"]]);
    const empty = await patch("agree", { name: "" });
    expect([empty.statusCode, fieldOf(empty)]).toEqual([400, ["name"]]);
    const long = await patch("agree", { name: "x".repeat(limits.reactions.nameMaxLength + 1) });
    expect([long.statusCode, fieldOf(long)]).toEqual([400, ["name"]]);
    const description = await patch("agree", { description: "x".repeat(limits.reactions.descriptionMaxLength + 1) });
    expect([description.statusCode, fieldOf(description)]).toEqual([400, ["description"]]);
    for (const points of [-limits.reactions.pointsMax - 1, limits.reactions.pointsMax + 1]) {
      const response = await patch("agree", { points });
      expect([response.statusCode, fieldOf(response)]).toEqual([400, ["points"]]);
    }
    const fraction = await patch("agree", { points: 1.5 });
    expect([fraction.statusCode, fieldOf(fraction)]).toEqual([422, ["points"]]);
    // Fields it does not take are ignored (as Vanilla does): the url code stays.
    const urlCode = await patch("agree", { urlCode: "concur" });
    expect([urlCode.statusCode, urlCode.json<ReactionTypeRecord>().urlCode]).toEqual([200, "agree"]);
    // Nothing of the refused edits was written.
    expect(await listed("agree")).toMatchObject({ name: "Agree", points: 1, active: true });
  });

  it("is 404 for an unknown type and 403 without community.manage (members, moderators, guests)", async () => {
    expect((await patch("meh", { active: false })).statusCode).toBe(404);
    for (const as of [f.as.member, f.as.moderator, null]) {
      const response = await patch("agree", { active: false }, as);
      expect(response.statusCode).toBe(403);
    }
    expect((await listed("agree")).active).toBe(true);
  });
});
