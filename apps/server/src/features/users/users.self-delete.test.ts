import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privacyMessages, type ErrorBody, type SelfDeleteResult, type User } from "@parley/contracts";
import { createUser, type Session, type TestUser } from "../../test/accounts.ts";
import { createContentFixture, postDiscussion, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { SCHEDULED_DELETIONS_JOB } from "./index.ts";

const DAY = 24 * 3600_000;

describe.each(engines)("deleting one's own account (POST /users/me/delete) on %s", (engine) => {
  let f: ContentFixture<"member" | "other" | "moderator">;

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Mia", role: "member", bypassSpam: true },
      other: { name: "Otto", role: "member", bypassSpam: true },
      moderator: { name: "Moe", role: "moderator" },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const setConfig = async (values: Record<string, unknown>) => {
    const admin = await f.api.signIn({ name: "admin", password: "test-password" });
    const response = await f.api.patch("/api/v2/config", values, { as: admin });
    expect(response.statusCode, response.body).toBe(200);
  };
  const deleteSelf = (as: Session | null, password: string) =>
    f.api.post("/api/v2/users/me/delete", { password }, { as });
  const stored = (userID: number) =>
    f.t.database.db
      .selectFrom("users")
      .select(["deleted", "dateDeleteScheduled"])
      .where("userID", "=", userID)
      .executeTakeFirstOrThrow();
  const signInRefusal = async (user: TestUser) => {
    const response = await f.api.post("/api/v2/authenticate/password", {
      username: user.name,
      password: user.password,
    });
    return { status: response.statusCode, message: response.json<ErrorBody>().message };
  };

  it("refuses guests, and a wrong password deletes nothing (the field says why)", async () => {
    expect([401, 403]).toContain((await deleteSelf(null, "whatever")).statusCode);
    const wrong = await deleteSelf(f.as.member, "not-my-password");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorBody>().errors?.map((error) => [error.field, error.message])).toEqual([
      ["password", privacyMessages.wrongPassword],
    ]);
    expect(await stored(f.users.member.userID)).toEqual({ deleted: 0, dateDeleteScheduled: null });
    expect((await f.api.get("/api/v2/users/me", { as: f.as.member })).json<User>().userID).toBe(f.users.member.userID);
  });

  it("refuses the last administrator", async () => {
    const response = await deleteSelf(f.admin, "test-password");
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().message).toBe(privacyMessages.lastAdministrator);
    expect((await stored(f.adminID)).deleted).toBe(0);
  });

  it("with no grace period (the default) deletes at once, keeping the posts (the default keep)", async () => {
    const discussion = await postDiscussion(f.api, f.as.other, {
      categoryID: f.category.general,
      name: "Otto's seeds",
    });
    const response = await deleteSelf(f.as.other, f.users.other.password);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SelfDeleteResult>()).toEqual({ status: "deleted", dateDeleteScheduled: null });
    expect((await stored(f.users.other.userID)).deleted).toBe(1);
    expect((await signInRefusal(f.users.other)).status).toBe(401);
    // Kept, shown as a deleted member's.
    const kept = await f.api.get(`/api/v2/discussions/${discussion.discussionID}`, { as: f.as.member });
    expect(kept.statusCode).toBe(200);
    expect(kept.json<{ name: string }>().name).toBe("Otto's seeds");
  });

  it("wipes the posts when the site says wipe", async () => {
    await setConfig({ "account.deleteMethod": "wipe" });
    const wiper = await createUser(f.t.database.db, { name: "Wendy", role: "member" });
    await f.t.database.db.updateTable("users").set({ bypassSpam: 1 }).where("userID", "=", wiper.userID).execute();
    const session = await f.api.signIn(wiper);
    const discussion = await postDiscussion(f.api, session, { categoryID: f.category.general, body: "Wendy's words." });
    expect((await deleteSelf(session, wiper.password)).statusCode).toBe(200);
    const wiped = await f.api.get(`/api/v2/discussions/${discussion.discussionID}`, { as: f.as.member });
    expect(wiped.json<{ body: string }>().body).not.toContain("Wendy's words.");
    await setConfig({ "account.deleteMethod": "keep" });
  });

  it("with a grace period deactivates at once, refuses sign-in saying when, and the job deletes it at expiry", async () => {
    await setConfig({ "account.deleteGraceDays": 3 });
    const member = f.as.member;
    const response = await deleteSelf(member, f.users.member.password);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<SelfDeleteResult>();
    expect(result.status).toBe("scheduled");
    const at = new Date(f.t.clock.nowMs() + 3 * DAY);
    expect(Math.abs(Date.parse(result.dateDeleteScheduled!) - at.getTime())).toBeLessThan(5_000);
    // Every session revoked: the old cookie is a guest's now.
    expect((await f.api.get("/api/v2/users/me", { as: member })).json<User>().userID).toBe(0);
    const refusal = await signInRefusal(f.users.member);
    expect(refusal).toEqual({
      status: 401,
      message: privacyMessages.deletionScheduled.replace("{date}", at.toISOString().slice(0, 10)),
    });
    // Administrators see when (the dashboard's user page).
    const admin = await f.api.signIn({ name: "admin", password: "test-password" });
    const seen = await f.api.get(`/api/v2/users/${f.users.member.userID}`, { as: admin });
    expect(seen.json<User>().dateDeleteScheduled).toBe(result.dateDeleteScheduled);

    f.t.clock.advance(2 * DAY);
    await f.t.app.platform.jobs.runNow(SCHEDULED_DELETIONS_JOB);
    expect((await stored(f.users.member.userID)).deleted).toBe(0);
    f.t.clock.advance(DAY + 60_000);
    await f.t.app.platform.jobs.runNow(SCHEDULED_DELETIONS_JOB);
    expect((await stored(f.users.member.userID)).deleted).toBe(1);
    expect((await signInRefusal(f.users.member)).message).toBe("The username or password you entered is incorrect.");
  });

  it("lets an administrator cancel a scheduled deletion; another member and a moderator cannot", async () => {
    const late = await createUser(f.t.database.db, { name: "Lara", role: "member" });
    const session = await f.api.signIn(late);
    expect((await deleteSelf(session, late.password)).json<SelfDeleteResult>().status).toBe("scheduled");
    const cancel = (as: Session | null) => f.api.delete(`/api/v2/users/${late.userID}/scheduled-deletion`, { as });
    const moderator = await f.api.signIn(f.users.moderator);
    const another = await createUser(f.t.database.db, { name: "Anna", role: "member" });
    for (const as of [null, await f.api.signIn(another), moderator]) {
      expect([401, 403]).toContain((await cancel(as)).statusCode);
    }
    const admin = await f.api.signIn({ name: "admin", password: "test-password" });
    expect((await cancel(admin)).statusCode).toBe(204);
    expect(await stored(late.userID)).toEqual({ deleted: 0, dateDeleteScheduled: null });
    expect((await cancel(admin)).statusCode).toBe(404);
    await f.api.signIn(late);
    // A moderator deletes their own account like anyone (grace period on: scheduled).
    expect((await deleteSelf(moderator, f.users.moderator.password)).json<SelfDeleteResult>().status).toBe("scheduled");
    await setConfig({ "account.deleteGraceDays": 0 });
  });
});
