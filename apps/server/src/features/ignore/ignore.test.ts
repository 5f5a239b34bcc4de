import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { IgnoredUser, IgnoreState, ignoreMessages, ignoreRules, type Notification } from "@parley/contracts";
import { createUser, type Session } from "../../test/accounts.ts";
import { createContentFixture, expectSchema, postDiscussion, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const cast = {
  ann: { name: "Ann Ignorer", role: "member", bypassSpam: true },
  ben: { name: "Ben Ignored", role: "member", bypassSpam: true },
  cid: { name: "Cid Other", role: "member", bypassSpam: true },
  mod: { name: "Mo Moderator", role: "moderator", bypassSpam: true },
} as const;
type Who = keyof typeof cast;

describe.each(engines)("ignoring members on %s", (engine) => {
  let f: ContentFixture<Who>;
  let deletedID: number;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    deletedID = (await createUser(f.t.database.db, { name: "Del Gone", role: "member", deleted: true })).userID;
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const id = (who: Who) => f.users[who].userID;
  const path = (userID: number, ignoredUserID?: number) =>
    `/api/v2/users/${userID}/ignored${ignoredUserID === undefined ? "" : `/${ignoredUserID}`}`;
  const ignore = (as: Session | null, userID: number, ignoredUserID: number) =>
    f.api.put(path(userID, ignoredUserID), {}, { as });
  const stop = (as: Session | null, userID: number, ignoredUserID: number) =>
    f.api.delete(path(userID, ignoredUserID), { as });
  const list = async (as: Session | null, userID: number) => {
    const response = await f.api.get(path(userID), { as });
    if (response.statusCode === 200) expectSchema(Type.Array(IgnoredUser), response.json());
    return response;
  };

  it("lets a member ignore another, idempotently, and lists them with the date", async () => {
    const first = await ignore(f.as.ann, id("ann"), id("ben"));
    expect(first.statusCode, first.body).toBe(200);
    const again = await ignore(f.as.ann, id("ann"), id("ben"));
    expect(again.statusCode).toBe(200);
    const items = (await list(f.as.ann, id("ann"))).json<IgnoredUser[]>();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ userID: id("ben"), name: "Ben Ignored" });
    expect(Date.parse(items[0]!.dateIgnored)).not.toBeNaN();
  });

  it("tells whether the member ignores someone and may (not oneself, not moderators)", async () => {
    const state = async (as: Session | null, target: number) => {
      const response = await f.api.get(path(id("ann"), target), { as });
      if (response.statusCode === 200) expectSchema(IgnoreState, response.json());
      return response;
    };
    expect((await state(f.as.ann, id("ben"))).json()).toEqual({ ignored: true, canIgnore: true });
    expect((await state(f.as.ann, id("cid"))).json()).toEqual({ ignored: false, canIgnore: true });
    expect((await state(f.as.ann, id("mod"))).json()).toEqual({ ignored: false, canIgnore: false });
    expect((await state(f.as.ann, id("ann"))).json()).toEqual({ ignored: false, canIgnore: false });
    expect((await state(f.admin, id("ben"))).json()).toEqual({ ignored: true, canIgnore: true });
    expect((await state(f.as.ann, deletedID)).statusCode).toBe(404);
    for (const as of [f.as.cid, f.as.mod, null]) expect((await state(as, id("ben"))).statusCode).toBe(403);
  });

  it("shows the list to the member and site managers only", async () => {
    expect((await list(f.as.ann, id("ann"))).statusCode).toBe(200);
    expect((await list(f.admin, id("ann"))).json<IgnoredUser[]>().map((user) => user.userID)).toEqual([id("ben")]);
    for (const as of [f.as.cid, f.as.ben, f.as.mod, null]) {
      const response = await list(as, id("ann"));
      expect(response.statusCode, response.body).toBe(403);
    }
    expect((await list(f.admin, 999_999)).statusCode).toBe(404);
  });

  it("lets only the member themself ignore or stop (not another member, a moderator, an administrator or a guest)", async () => {
    for (const as of [f.as.cid, f.as.mod, f.admin]) {
      const refused = await ignore(as, id("ann"), id("cid"));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: ignoreMessages.notYours });
      expect((await stop(as, id("ann"), id("ben"))).statusCode).toBe(403);
    }
    expect((await ignore(null, id("ann"), id("cid"))).statusCode).toBe(403);
    expect((await stop(null, id("ann"), id("ben"))).statusCode).toBe(403);
    expect((await list(f.as.ann, id("ann"))).json<IgnoredUser[]>().map((user) => user.userID)).toEqual([id("ben")]);
  });

  it("refuses oneself, moderators, administrators, deleted and unknown members, and bad IDs", async () => {
    expect((await ignore(f.as.ann, id("ann"), id("ann"))).json()).toMatchObject({
      status: 400,
      message: ignoreMessages.self,
    });
    for (const target of [id("mod"), f.adminID]) {
      expect((await ignore(f.as.ann, id("ann"), target)).json()).toMatchObject({
        status: 400,
        message: ignoreMessages.moderator,
      });
    }
    expect((await ignore(f.as.ann, id("ann"), deletedID)).statusCode).toBe(404);
    expect((await ignore(f.as.ann, id("ann"), 999_999)).statusCode).toBe(404);
    expect((await f.api.put(`/api/v2/users/${id("ann")}/ignored/abc`, {}, { as: f.as.ann })).statusCode).toBe(422);
    expect((await list(f.as.ann, id("ann"))).json<IgnoredUser[]>().map((user) => user.userID)).toEqual([id("ben")]);
  });

  it("refuses a private conversation from an ignored member, and adding the member to one", async () => {
    const refused = await f.api.post(
      "/api/v2/conversations",
      { participantUserIDs: [id("ann")], initialBody: "Hello.", initialFormat: "text" },
      { as: f.as.ben },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(
      ignoreMessages.refusesMessages.replace("{name}", "Ann Ignorer"),
    );
    const started = await f.api.post(
      "/api/v2/conversations",
      { participantUserIDs: [id("cid")], initialBody: "Hello.", initialFormat: "text" },
      { as: f.as.ben },
    );
    expect(started.statusCode, started.body).toBe(201);
    const { conversationID } = started.json<{ conversationID: number }>();
    const added = await f.api.post(
      `/api/v2/conversations/${conversationID}/participants`,
      { participantUserIDs: [id("ann")] },
      { as: f.as.ben },
    );
    expect(added.statusCode).toBe(403);
    // The ignorer may still write to the member they ignore; a moderator reaches everyone.
    for (const as of [f.as.ann, f.as.mod]) {
      const response = await f.api.post(
        "/api/v2/conversations",
        { participantUserIDs: [id(as === f.as.ann ? "ben" : "ann")], initialBody: "Hi.", initialFormat: "text" },
        { as },
      );
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it("does not notify the ignorer of the ignored member's mentions; others still are", async () => {
    const mentions = async (as: Session) =>
      (await f.api.get("/api/v2/notifications", { as }))
        .json<Notification[]>()
        .filter((notification) => notification.activityType === "Mention");
    const before = (await mentions(f.as.ann)).length;
    await postDiscussion(f.api, f.as.ben, {
      categoryID: f.category.general,
      name: "Mentioning",
      body: 'Hello @"Ann Ignorer" and @"Cid Other".',
    });
    expect(await mentions(f.as.ann)).toHaveLength(before);
    expect((await mentions(f.as.cid)).length).toBeGreaterThan(0);
    // Another member's mention still reaches the ignorer.
    await postDiscussion(f.api, f.as.cid, {
      categoryID: f.category.general,
      name: "Also mentioning",
      body: 'Hello @"Ann Ignorer".',
    });
    expect(await mentions(f.as.ann)).toHaveLength(before + 1);
  });

  it("stops ignoring, idempotently; then the member's messages reach again", async () => {
    expect((await stop(f.as.ann, id("ann"), id("ben"))).statusCode).toBe(204);
    expect((await stop(f.as.ann, id("ann"), id("ben"))).statusCode).toBe(204);
    expect((await list(f.as.ann, id("ann"))).json()).toEqual([]);
    const response = await f.api.post(
      "/api/v2/conversations",
      { participantUserIDs: [id("ann")], initialBody: "Hello again.", initialFormat: "text" },
      { as: f.as.ben },
    );
    expect(response.statusCode, response.body).toBe(201);
  });

  it(`ignores at most ${ignoreRules.maxIgnored} members`, async () => {
    const db = f.t.database.db;
    // Members to fill the list with: copies of an existing row, under their own names.
    const { userID: _userID, ...template } = await db
      .selectFrom("users")
      .selectAll()
      .where("userID", "=", id("cid"))
      .executeTakeFirstOrThrow();
    const fillers = Array.from({ length: ignoreRules.maxIgnored - 1 }, (_, index) => ({
      ...template,
      name: `Filler ${index}`,
      email: `filler${index}@example.com`,
    }));
    const fillerIDs = (await db.insertInto("users").values(fillers).returning("userID").execute()).map(
      (row) => row.userID,
    );
    const date = new Date().toISOString();
    await db
      .insertInto("ignoredUsers")
      .values(
        [...fillerIDs, id("ann")].map((ignoredUserID) => ({ userID: id("cid"), ignoredUserID, dateIgnored: date })),
      )
      .execute();
    const refused = await ignore(f.as.cid, id("cid"), id("ben"));
    expect(refused.json()).toMatchObject({ status: 400, message: ignoreMessages.tooMany });
    // Already ignored: still fine (idempotent).
    expect((await ignore(f.as.cid, id("cid"), id("ann"))).statusCode).toBe(200);
  });
});
