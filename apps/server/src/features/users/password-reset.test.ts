import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userMessages, type Me } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  createApi,
  createCast,
  expectNoLeaks,
  linkIn,
  mailTo,
  outbox,
  uniqueIp,
  type Api,
  type TestUser,
} from "../../test/accounts.ts";

describe.each(engines)("password reset on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"forgetful" | "again" | "patient" | "gone", TestUser>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      forgetful: { name: "Forgetful", role: "member", email: "forgetful@people.test" },
      again: { name: "Again", role: "member", email: "again@people.test" },
      patient: { name: "Patient", role: "member", email: "patient@people.test" },
      gone: { name: "Gone", role: "member", email: "gone@people.test", deleted: true },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const requestReset = (email: string, ip = uniqueIp()) =>
    api.post("/api/v2/users/request-password", { email }, { ip });
  const reset = (token: string, password: string) =>
    api.post("/api/v2/users/password-reset", { token, password }, { ip: uniqueIp() });
  const signInStatus = async (name: string, password: string) =>
    (await api.post("/api/v2/authenticate/password", { username: name, password }, { ip: uniqueIp() })).statusCode;
  const latestLink = (email: string) => linkIn(mailTo(t.database.dataDir, email).at(-1)!, "passwordreset");

  it("answers 201 with the same message whether the address is known or not, and mails known ones only", async () => {
    const before = outbox(t.database.dataDir).length;
    const unknown = await requestReset("stranger@people.test");
    const deleted = await requestReset("gone@people.test");
    expect(outbox(t.database.dataDir)).toHaveLength(before);

    const known = await requestReset("FORGETFUL@people.test");
    for (const response of [unknown, deleted, known]) {
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: userMessages.passwordResetSent });
    }
    const mails = mailTo(t.database.dataDir, "forgetful@people.test");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: "Reset your password", to: "forgetful@people.test" });
    expect(latestLink("forgetful@people.test").userID).toBe(cast.forgetful.userID);
  });

  it("sets the new password with the link's token, once, and signs every session out", async () => {
    const session = await api.signIn(cast.forgetful);
    const { token } = latestLink("forgetful@people.test");

    const tooShort = await reset(token, "short");
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({
      errors: [{ field: "password", code: "minLength", message: userMessages.passwordTooShort }],
    });

    const response = await reset(token, "a fresh password");
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ userID: cast.forgetful.userID });
    expect(await signInStatus("Forgetful", "a fresh password")).toBe(201);
    expect(await signInStatus("Forgetful", cast.forgetful.password)).toBe(401);
    expect((await api.get("/api/v2/users/me", { as: session })).json<Me>().userID).toBe(0);

    const twice = await reset(token, "another password");
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ message: userMessages.passwordResetBadLink, status: 400 });
    expect(await signInStatus("Forgetful", "a fresh password")).toBe(201);
  });

  it("refuses unknown tokens, confirmation tokens and links replaced by a newer one", async () => {
    expect((await reset("made-up-token", "long enough 1")).json()).toMatchObject({
      status: 400,
      message: userMessages.passwordResetBadLink,
    });

    await requestReset("again@people.test");
    const first = latestLink("again@people.test");
    await requestReset("again@people.test");
    const second = latestLink("again@people.test");
    expect(second.token).not.toBe(first.token);
    expect((await reset(first.token, "long enough 2")).statusCode).toBe(400);

    // A confirmation link of a new member is no reset link.
    const registered = await api.post(
      "/api/v2/users/register",
      { name: "Newbie", email: "newbie@people.test", password: "long enough 3" },
      { ip: uniqueIp() },
    );
    const confirmation = linkIn(mailTo(t.database.dataDir, "newbie@people.test")[0]!, "emailconfirm");
    expect(confirmation.userID).toBe(registered.json<{ userID: number }>().userID);
    expect((await reset(confirmation.token, "long enough 4")).statusCode).toBe(400);
    expect(await signInStatus("Newbie", "long enough 3")).toBe(201);

    expect((await reset(second.token, "long enough 5")).statusCode).toBe(201);
    expect(await signInStatus("Again", "long enough 5")).toBe(201);
  });

  it("limits requests per address: the 6th within 15 minutes answers 429", async () => {
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await requestReset(`nobody${attempt}@people.test`, ip)).statusCode).toBe(201);
    }
    const blocked = await requestReset("patient@people.test", ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ message: string }>().message).toContain("Please wait");
    expect(mailTo(t.database.dataDir, "patient@people.test")).toHaveLength(0);
  });

  it("validates the bodies", async () => {
    expect((await api.post("/api/v2/users/request-password", {}, { ip: uniqueIp() })).statusCode).toBe(400);
    // A NUL in the address (PostgreSQL's text cannot hold one; it was a 500 there) finds nobody, as any unknown.
    const nul = await api.post(
      "/api/v2/users/request-password",
      { email: "pat\u0000ient@people.test" },
      { ip: uniqueIp() },
    );
    expect(nul.statusCode, nul.body).toBe(201);
    const missing = await api.post("/api/v2/users/password-reset", { password: "long enough" }, { ip: uniqueIp() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ field: "token", code: "missingField" }] });
  });

  it("leaks nothing", () => {
    expectNoLeaks(api.records);
  });
});
