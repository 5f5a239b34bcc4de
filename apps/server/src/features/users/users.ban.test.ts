import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ErrorBody, User } from "@parley/contracts";
import { createApi, createCast, type Api, type Session, type TestUser } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";
import { UNBAN_JOB } from "./users.update.ts";

const DAY = 24 * 60 * 60_000;

describe.each(engines)("a ban's reason and end (PUT /users/{id}/ban) on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"moderator" | "reader" | "target", TestUser>;
  let moderator: Session;
  let reader: Session;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true });
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      moderator: { name: "Moe", role: "moderator" },
      reader: { name: "Rita", role: "member" },
      target: { name: "Tess", role: "member" },
    });
  });
  // The tests move the clock by days: fresh sessions each time.
  beforeEach(async () => {
    [moderator, reader] = await Promise.all([api.signIn(cast.moderator), api.signIn(cast.reader)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ban = (body: Record<string, unknown>) =>
    api.put(`/api/v2/users/${cast.target.userID}/ban`, body, { as: moderator });
  const userAs = async (as: Session) => (await api.get(`/api/v2/users/${cast.target.userID}`, { as })).json<User>();
  const stored = () =>
    t.database.db
      .selectFrom("users")
      .select(["banned", "banReason", "dateBanned", "dateBanExpires", "banInsertUserID"])
      .where("userID", "=", cast.target.userID)
      .executeTakeFirstOrThrow();

  it("keeps why, since when, until when and by whom; moderators read it, members do not; the member is refused", async () => {
    const target = await api.signIn(cast.target);
    // Whole seconds: the API answers dates as RFC 3339 without fractions.
    const ends = new Date(Math.floor(t.clock.now().getTime() / 1000) * 1000 + 3 * DAY);
    const response = await ban({
      banned: true,
      reason: "  Spam links in every post.  ",
      dateBanExpires: ends.toISOString(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ banned: true });

    const { ban: details } = await userAs(moderator);
    expect(details).toMatchObject({
      reason: "Spam links in every post.",
      dateBanExpires: ends.toISOString().replace(".000Z", "+00:00"),
      insertUserID: cast.moderator.userID,
    });
    expect(Date.parse(details!.dateBanned!)).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(await userAs(reader)).not.toHaveProperty("ban");
    const refused = await api.get("/api/v2/users/me", { as: target });
    const discussions = await api.get("/api/v2/discussions", { as: target });
    expect([refused.statusCode, discussions.statusCode]).toContain(401);
    expect(discussions.json<ErrorBody>().message).toBe("You are banned.");
  });

  it("lifts the ban at its end: the job clears it and the member is let in again", async () => {
    const target = await api.signIn(cast.target).catch(() => null);
    expect(target).toBeNull();
    // Not yet.
    t.clock.advance(2 * DAY);
    await t.app.platform.jobs.runNow(UNBAN_JOB);
    expect((await stored()).banned).toBe(1);
    t.clock.advance(DAY + 1000);
    await t.app.platform.jobs.runNow(UNBAN_JOB);
    expect(await stored()).toEqual({
      banned: 0,
      banReason: null,
      dateBanned: null,
      dateBanExpires: null,
      banInsertUserID: null,
    });
    const again = await api.signIn(cast.target);
    expect((await api.get("/api/v2/discussions", { as: again })).statusCode).toBe(200);
  });

  it("keeps a ban without an end until it is lifted, and clears its details on unban", async () => {
    expect((await ban({ banned: true, reason: "Until further notice." })).statusCode).toBe(200);
    t.clock.advance(365 * DAY);
    await t.app.platform.jobs.runNow(UNBAN_JOB);
    // A year on, the moderator's session has ended too.
    moderator = await api.signIn(cast.moderator);
    expect(await stored()).toMatchObject({ banned: 1, banReason: "Until further notice.", dateBanExpires: null });
    expect((await ban({ banned: false })).statusCode).toBe(200);
    expect(await stored()).toEqual({
      banned: 0,
      banReason: null,
      dateBanned: null,
      dateBanExpires: null,
      banInsertUserID: null,
    });
  });

  it("refuses an end in the past and a reason too long, writing nothing", async () => {
    const past = await ban({ banned: true, dateBanExpires: new Date(t.clock.now().getTime() - 1000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json<ErrorBody>().errors?.map((error) => [error.field, error.message])).toEqual([
      ["dateBanExpires", "A ban's end must be in the future."],
    ]);
    const long = await ban({ banned: true, reason: "x".repeat(501) });
    expect([400, 422]).toContain(long.statusCode);
    expect(long.json<ErrorBody>().errors?.map((error) => error.field)).toEqual(["reason"]);
    const notADate = await ban({ banned: true, dateBanExpires: "next tuesday" });
    expect([400, 422]).toContain(notADate.statusCode);
    expect((await stored()).banned).toBe(0);
  });

  it("a ban through PATCH /users/{id} has a start and an author too, and its end clears them", async () => {
    const admin = await api.signIn({ name: "admin", password: "test-password" });
    const patched = await api.patch(`/api/v2/users/${cast.target.userID}`, { banned: true }, { as: admin });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<User>().ban).toMatchObject({ reason: null, dateBanExpires: null, insertUserID: admin.userID });
    await api.patch(`/api/v2/users/${cast.target.userID}`, { banned: false }, { as: admin });
    expect((await stored()).dateBanned).toBeNull();
  });
});
