import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSync } from "otplib";
import { twoFactorMessages } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  TEST_HOST,
  cookieOf,
  createApi,
  createCast,
  createUser,
  expectNoLeaks,
  uniqueIp,
  type Api,
  type Session,
  type TestUser,
} from "../../test/accounts.ts";
import { DEVICE_COOKIE, PENDING_COOKIE } from "./two-factor.service.ts";

/** A fixed moment (the test clock only moves forward) 10 seconds into a 30-second step. */
const START = new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000 + 10_000);

describe.each(engines)("two-factor sign-in on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"member" | "other" | "admin" | "manager", TestUser>;
  /** Each member's key, as read from the setup page's answer, and their recovery codes. */
  const keys = new Map<number, string>();
  const recovery = new Map<number, string[]>();

  beforeAll(async () => {
    t = await createTestApp(engine);
    t.clock.set(START);
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      member: { name: "Tova", role: "member" },
      other: { name: "Otto", role: "member" },
      admin: { name: "Ada Admin", role: "administrator" },
      manager: { name: "Uma Users", role: "administrator" },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const code = (userID: number, atMs = t.clock.nowMs()) =>
    generateSync({ secret: keys.get(userID)!, epoch: Math.floor(atMs / 1000) });

  /** The password step: its answer and the pending step's cookie. */
  async function passwordStep(user: TestUser, extra: Record<string, unknown> = {}, cookie?: string) {
    const response = await api.post(
      "/api/v2/authenticate/password",
      { username: user.name, password: user.password, ...extra },
      { ip: uniqueIp(), ...(cookie ? { headers: { cookie } } : {}) },
    );
    return { response, pending: cookieOf(response.headers["set-cookie"], PENDING_COOKIE) };
  }

  const codeStep = (pending: string | null, body: Record<string, unknown>) =>
    api.post("/api/v2/authenticate/two-factor", body, {
      ip: uniqueIp(),
      headers: { host: TEST_HOST, "x-requested-with": "vanilla", ...(pending ? { cookie: pending } : {}) },
    });

  /** Enrols a member through the API: setup, the key read from the answer, a code from it; the recovery codes. */
  async function enrol(user: TestUser): Promise<Session> {
    const session = await api.signIn(user);
    const setup = await api.post("/api/v2/users/me/two-factor/setup", {}, { as: session });
    expect(setup.statusCode, setup.body).toBe(200);
    const state = setup.json<{ setup: { secret: string; uri: string; qrCodeSvg: string } }>();
    keys.set(user.userID, state.setup.secret);
    const enabled = await api.post("/api/v2/users/me/two-factor/enable", { code: code(user.userID) }, { as: session });
    expect(enabled.statusCode, enabled.body).toBe(200);
    recovery.set(user.userID, enabled.json<{ recoveryCodes: string[] }>().recoveryCodes);
    t.clock.advance(30_000);
    return session;
  }

  it("enrols: the key and an SVG QR code while the setup waits, a wrong code refused, then 10 recovery codes", async () => {
    const session = await api.signIn(cast.member);
    const before = await api.get("/api/v2/users/me/two-factor", { as: session });
    expect(before.json()).toMatchObject({ enabled: false, setup: null, required: false });

    const setup = await api.post("/api/v2/users/me/two-factor/setup", {}, { as: session });
    const state = setup.json<{ setup: { secret: string; uri: string; qrCodeSvg: string } }>();
    expect(state.setup.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(state.setup.uri).toBe(`otpauth://totp/Parley:Tova?secret=${state.setup.secret}&issuer=Parley`);
    expect(state.setup.qrCodeSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    keys.set(cast.member.userID, state.setup.secret);

    const wrongCode = String((Number(code(cast.member.userID)) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await api.post("/api/v2/users/me/two-factor/enable", { code: wrongCode }, { as: session });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: [{ field: "code", message: twoFactorMessages.wrongCode }] });
    const stillOff = await api.get("/api/v2/users/me/two-factor", { as: session });
    expect(stillOff.json()).toMatchObject({ enabled: false });

    const enabled = await api.post(
      "/api/v2/users/me/two-factor/enable",
      { code: code(cast.member.userID) },
      { as: session },
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    const codes = enabled.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const one of codes) expect(one).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    recovery.set(cast.member.userID, codes);

    const after = await api.get("/api/v2/users/me/two-factor", { as: session });
    expect(after.json()).toMatchObject({ enabled: true, setup: null, recoveryCodesLeft: 10 });
    // Stored as hashes only.
    const stored = await t.database.db.selectFrom("userRecoveryCodes").select("codeHash").execute();
    for (const one of codes) expect(stored.some((row) => row.codeHash.includes(one))).toBe(false);
    t.clock.advance(30_000);
  });

  it("asks for the code after a correct password: 202 and no session, then signs in with the app's code", async () => {
    const { response, pending } = await passwordStep(cast.member);
    expect(response.statusCode).toBe(202);
    const challenge = response.json<{ twoFactorRequired: boolean; dateExpires: string }>();
    expect(challenge.twoFactorRequired).toBe(true);
    expect(Math.abs(Date.parse(challenge.dateExpires) - (t.clock.nowMs() + 5 * 60_000))).toBeLessThan(5_000);
    expect(cookieOf(response.headers["set-cookie"])).toBeNull();
    expect(String(response.headers["set-cookie"])).toMatch(/HttpOnly/i);

    const signedIn = await codeStep(pending, { code: code(cast.member.userID) });
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    expect(signedIn.json()).toMatchObject({ userID: cast.member.userID });
    expect(cookieOf(signedIn.headers["set-cookie"])).toMatch(/^parley_session=/);
  });

  it("refuses the same code again in its time step (replay), and a wrong code", async () => {
    // The code just accepted, in the same step: refused even after a new password step.
    const again = await passwordStep(cast.member);
    const reused = await codeStep(again.pending, { code: code(cast.member.userID) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ message: twoFactorMessages.codeUsed });
    expect(cookieOf(reused.headers["set-cookie"])).toBeNull();

    const wrong = await codeStep(again.pending, { code: "000000" === code(cast.member.userID) ? "111111" : "000000" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: twoFactorMessages.wrongCode });

    // The next step's code works.
    t.clock.advance(30_000);
    const next = await codeStep(again.pending, { code: code(cast.member.userID) });
    expect(next.statusCode, next.body).toBe(201);
  });

  it("refuses a code step without a pending step, with a forged one, and once it expired", async () => {
    t.clock.advance(30_000);
    expect((await codeStep(null, { code: code(cast.member.userID) })).json()).toMatchObject({
      message: twoFactorMessages.noChallenge,
    });
    const { pending } = await passwordStep(cast.member);
    const [name, value] = pending!.split("=") as [string, string];
    const forged = `${name}=${value.replace(/^\d+/, String(cast.other.userID))}`;
    expect((await codeStep(forged, { code: code(cast.member.userID) })).statusCode).toBe(401);

    t.clock.advance(5 * 60_000 + 1_000);
    const late = await codeStep(pending, { code: code(cast.member.userID) });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ message: twoFactorMessages.noChallenge });
  });

  it("signs in with a recovery code once; the same recovery code is refused the second time", async () => {
    const one = recovery.get(cast.member.userID)![0]!;
    const first = await passwordStep(cast.member);
    // Typed in capitals and without the hyphen, as people do.
    const used = await codeStep(first.pending, { code: one.replace("-", "").toUpperCase() });
    expect(used.statusCode, used.body).toBe(201);

    const second = await passwordStep(cast.member);
    const again = await codeStep(second.pending, { code: one });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: twoFactorMessages.wrongCode });
    const session = await api.signIn(cast.other);
    void session;
  });

  it("limits wrong codes per account: 429 after 5 in 15 minutes, even with the right one", async () => {
    const target = await createUser(t.database.db, { name: "Lim", role: "member" });
    await enrol(target);
    const { pending } = await passwordStep(target);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await codeStep(pending, { code: "99999-99999" })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await codeStep(pending, { code: code(target.userID) });
    expect(right.statusCode).toBe(429);
    expect(right.headers["retry-after"]).toBeDefined();
  });

  it("remembers the device for 30 days when asked; a new password forgets it", async () => {
    const user = cast.other;
    const session = await enrol(user);
    const { pending } = await passwordStep(user);
    const remembered = await codeStep(pending, { code: code(user.userID), remember: true });
    expect(remembered.statusCode, remembered.body).toBe(201);
    const device = cookieOf(remembered.headers["set-cookie"], DEVICE_COOKIE)!;
    expect(String(remembered.headers["set-cookie"])).toMatch(
      new RegExp(`${DEVICE_COOKIE}=[^;]+; Max-Age=2592000;.*HttpOnly`, "i"),
    );

    // This browser skips the code step.
    const skipped = await passwordStep(user, {}, device);
    expect(skipped.response.statusCode).toBe(201);
    // Another account's password on that browser is still asked for its code.
    const otherAccount = await passwordStep(cast.member, {}, device);
    expect(otherAccount.response.statusCode).toBe(202);
    // A tampered cookie is not a remembered device.
    expect((await passwordStep(user, {}, `${device.slice(0, -2)}xx`)).response.statusCode).toBe(202);

    // A new password: every remembered device is forgotten.
    const newPassword = "a-new-password-for-otto";
    const changed = await api.patch(
      `/api/v2/users/${user.userID}`,
      { password: newPassword, passwordConfirmation: user.password },
      { as: session },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    user.password = newPassword;
    const afterChange = await passwordStep(user, {}, device);
    expect(afterChange.response.statusCode).toBe(202);

    // Expiry: a device remembered 30 days ago is asked again.
    t.clock.advance(30_000);
    const again = await codeStep(afterChange.pending, { code: code(user.userID), remember: true });
    const fresh = cookieOf(again.headers["set-cookie"], DEVICE_COOKIE)!;
    expect((await passwordStep(user, {}, fresh)).response.statusCode).toBe(201);
    t.clock.advance(30 * 24 * 3_600_000 + 1_000);
    expect((await passwordStep(user, {}, fresh)).response.statusCode).toBe(202);
  });

  it("new recovery codes replace the old and forget remembered devices; turning off needs the password or a code", async () => {
    const user = cast.other;
    t.clock.advance(30_000);
    const { pending } = await passwordStep(user);
    const signedIn = await codeStep(pending, { code: code(user.userID), remember: true });
    const device = cookieOf(signedIn.headers["set-cookie"], DEVICE_COOKIE)!;
    const session = await api.signIn({ ...user, name: user.name }, {}).catch(() => null);
    expect(session).toBeNull(); // the helper expects 201; a 202 fails it
    const { transientKey } = signedIn.json<{ transientKey: string }>();
    const as: Session = {
      kind: "session",
      userID: user.userID,
      seesEmails: false,
      cookie: cookieOf(signedIn.headers["set-cookie"])!,
      transientKey,
      me: signedIn.json<{ user: Session["me"] }>().user,
    };

    const refused = await api.post("/api/v2/users/me/two-factor/recovery-codes", { password: "wrong" }, { as });
    expect(refused.statusCode).toBe(401);
    const renewed = await api.post("/api/v2/users/me/two-factor/recovery-codes", { password: user.password }, { as });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect((await passwordStep(user, {}, device)).response.statusCode).toBe(202);
    const old = recovery.get(user.userID)![1]!;
    const withOld = await passwordStep(user);
    expect((await codeStep(withOld.pending, { code: old })).statusCode).toBe(401);
    recovery.set(user.userID, fresh);

    const offRefused = await api.post("/api/v2/users/me/two-factor/disable", { code: "123456" }, { as });
    expect(offRefused.statusCode).toBe(401);
    const off = await api.post("/api/v2/users/me/two-factor/disable", { code: fresh[0] }, { as });
    expect(off.statusCode, off.body).toBe(204);
    expect((await api.get("/api/v2/users/me/two-factor", { as })).json()).toMatchObject({ enabled: false });
    expect((await passwordStep(user)).response.statusCode).toBe(201);
  });

  it("holds administrators to two-factor when the site requires it: 403 for the API, pages sent to enrolment", async () => {
    const admin = await api.signIn(cast.admin);
    expect((await api.get("/api/v2/discussions", { as: admin })).statusCode).toBe(200);
    await t.app.platform.siteConfig.set("security.requireAdminTwoFactor", true);
    try {
      const blocked = await api.get("/api/v2/discussions", { as: admin });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({ message: twoFactorMessages.adminRequired });
      expect((await api.get("/api/v2/users/me", { as: admin })).statusCode).toBe(200);
      expect((await api.get("/api/v2/users/me/two-factor", { as: admin })).json()).toMatchObject({ required: true });
      const page = await t.app.inject({
        method: "GET",
        url: "/discussions",
        headers: { host: TEST_HOST, cookie: admin.cookie, accept: "text/html" },
      });
      expect(page.statusCode).toBe(303);
      expect(page.headers.location).toBe("/profile/two-factor");
      // A member who is not an administrator is not held.
      const member = await api.signIn({ ...cast.other });
      expect((await api.get("/api/v2/discussions", { as: member })).statusCode).toBe(200);

      // Once enrolled, everything works again.
      keys.delete(cast.admin.userID);
      const setup = await api.post("/api/v2/users/me/two-factor/setup", {}, { as: admin });
      keys.set(cast.admin.userID, setup.json<{ setup: { secret: string } }>().setup.secret);
      const enabled = await api.post(
        "/api/v2/users/me/two-factor/enable",
        { code: code(cast.admin.userID) },
        { as: admin },
      );
      expect(enabled.statusCode, enabled.body).toBe(200);
      expect((await api.get("/api/v2/discussions", { as: admin })).statusCode).toBe(200);
      // An administrator's own two-factor requests are not in the audit log (their bodies hold codes).
      const audited = await t.database.db
        .selectFrom("auditLogs")
        .select("requestPath")
        .where("requestPath", "like", "/api/v2/users/me/two-factor%")
        .execute();
      expect(audited).toEqual([]);
    } finally {
      await t.app.platform.siteConfig.set("security.requireAdminTwoFactor", false);
    }
  });

  it("lets a user manager reset a member's two-factor (a member may not reset another's)", async () => {
    const manager = await api.signIn(cast.manager);
    const other = await api.signIn(cast.other);
    // Whether it is on: the member themself and site managers see it, another member does not.
    const seenBy = async (as: Session) =>
      (await api.get(`/api/v2/users/${cast.member.userID}`, { as })).json<{ twoFactorEnabled?: boolean }>()
        .twoFactorEnabled;
    expect(await seenBy(manager)).toBe(true);
    expect(await seenBy(other)).toBeUndefined();
    const forbidden = await api.delete(`/api/v2/users/${cast.member.userID}/two-factor`, { as: other });
    expect(forbidden.statusCode).toBe(403);
    const reset = await api.delete(`/api/v2/users/${cast.member.userID}/two-factor`, { as: manager });
    expect(reset.statusCode, reset.body).toBe(204);
    expect(await seenBy(manager)).toBe(false);
    expect((await passwordStep(cast.member)).response.statusCode).toBe(201);
    const audited = await t.database.db
      .selectFrom("auditLogs")
      .select(["eventType", "insertUserID"])
      .where("requestPath", "=", `/api/v2/users/${cast.member.userID}/two-factor`)
      .execute();
    expect(audited).toEqual([{ eventType: "delete /users/:id/two-factor", insertUserID: cast.manager.userID }]);
  });

  it("never answers a key after enrolment, nor a recovery code after it was shown, in any API answer or page", async () => {
    const admin = await api.signIn(cast.admin).catch(() => null);
    expect(admin).toBeNull(); // two-factor on: the password alone gives no session
    const pages = ["/profile/two-factor", "/profile/account", `/profile/${encodeURIComponent(cast.admin.name)}`];
    const { pending } = await passwordStep(cast.admin);
    t.clock.advance(30_000);
    const signedIn = await codeStep(pending, { code: code(cast.admin.userID) });
    const cookie = cookieOf(signedIn.headers["set-cookie"])!;
    const bodies: string[] = [];
    for (const url of [
      "/api/v2/users/me",
      `/api/v2/users/${cast.admin.userID}`,
      `/api/v2/users/${cast.admin.userID}?expand=all`,
      "/api/v2/users?limit=100",
      "/api/v2/users/me/two-factor",
      `/api/v2/users/${cast.admin.userID}/edit`,
    ]) {
      const response = await t.app.inject({ method: "GET", url, headers: { host: TEST_HOST, cookie } });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      bodies.push(response.body);
    }
    for (const url of pages) {
      const response = await t.app.inject({
        method: "GET",
        url,
        headers: { host: TEST_HOST, cookie, accept: "text/html" },
      });
      bodies.push(response.body);
    }
    // Every answer of this file but those that show the key or the codes on purpose: during a setup, and once.
    for (const record of api.records)
      if (!/two-factor\/(setup|enable|recovery-codes)/.test(record.url) && !record.body.includes('"setup":{'))
        bodies.push(record.body);
    const secrets = [...keys.values()];
    const codes = [...recovery.values()].flat();
    expect(secrets.length).toBeGreaterThan(1);
    for (const body of bodies) {
      for (const secret of secrets) expect(body.includes(secret), "a key in an answer").toBe(false);
      for (const one of codes) expect(body.includes(one), "a recovery code in an answer").toBe(false);
      expect(body).not.toMatch(/"secret"|lastStep|deviceKey|codeHash/);
    }
    expectNoLeaks(api.records);
  });
});
