import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserSession, type ErrorBody, type Me } from "@parley/contracts";
import { hashToken } from "../../platform/auth/tokens.ts";
import { createApi, createCast, expectNoLeaks, type Api, type Session, type TestUser } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { expectSchema } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const DAY = 24 * 60 * 60_000;

describe.each(engines)("a member's sessions (GET and DELETE /sessions) on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"admin" | "editor" | "moderator" | "ann" | "bob" | "cy", TestUser>;
  let admin: Session;
  let editor: Session;
  let moderator: Session;

  beforeAll(async () => {
    t = await createTestApp(engine);
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      admin: { name: "Boss", role: "administrator" },
      editor: { name: "Eddie", role: "member" },
      moderator: { name: "Moe", role: "moderator" },
      ann: { name: "Ann", role: "member" },
      bob: { name: "Bob", role: "member" },
      cy: { name: "Cy", role: "member" },
    });
    admin = await api.signIn(cast.admin);
    // Eddie edits members (users.edit) without managing the site.
    const editors = await api.post(
      "/api/v2/roles",
      {
        name: "Member Editors",
        permissions: [
          {
            type: "global",
            id: null,
            permissions: { "session.valid": true, "profiles.view": true, "users.edit": true },
          },
        ],
      },
      { as: admin },
    );
    expect(editors.statusCode, editors.body).toBe(201);
    const { roleID } = editors.json<{ roleID: number }>();
    await t.database.db.insertInto("userRoles").values({ userID: cast.editor.userID, roleID }).execute();
    [editor, moderator] = await Promise.all([api.signIn(cast.editor), api.signIn(cast.moderator)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (userID: number, as: Session | null, filter?: string) =>
    api.get(`/api/v2/sessions?userID=${userID}${filter ? `&filter=${filter}` : ""}`, { as });
  const signOut = (query: string, as: Session | null) => api.delete(`/api/v2/sessions?${query}`, { as });
  /** Who a cookie signs in as now: their userID, or 0 for a guest. */
  const whoIs = async (session: Session) => (await api.get("/api/v2/users/me", { as: session })).json<Me>().userID;
  const tokenOf = (session: Session) => session.cookie.split("=")[1]!;
  const storedSessions = async (userID: number) =>
    (await t.database.db.selectFrom("sessions").select("sessionID").where("userID", "=", userID).execute()).map(
      (row) => row.sessionID,
    );

  it("lists a member's own sessions, the last used first, by the stored hash of each cookie, never the cookie", async () => {
    const first = await api.signIn(cast.ann);
    t.clock.advance(60_000);
    const second = await api.signIn(cast.ann, { persist: true });
    const response = await list(cast.ann.userID, second);
    expect(response.statusCode, response.body).toBe(200);
    const sessions = response.json<UserSession[]>();
    for (const session of sessions) expectSchema(UserSession, session);
    expect(sessions.map((session) => session.sessionID)).toEqual([
      hashToken(tokenOf(second)),
      hashToken(tokenOf(first)),
    ]);
    expect(Object.keys(sessions[0]!).sort()).toEqual(
      [
        "dateExpires",
        "dateInserted",
        "dateUpdated",
        "ipAddress",
        "isCurrent",
        "sessionID",
        "userAgent",
        "userID",
      ].sort(),
    );
    // The session asking is marked; each one with the device and address it began from.
    expect(sessions.map((session) => session.isCurrent)).toEqual([true, false]);
    expect(sessions[0]!.ipAddress).toEqual(expect.any(String));
    expect((await list(cast.ann.userID, first)).json<UserSession[]>().map((session) => session.isCurrent)).toEqual([
      false,
      true,
    ]);
    // Listed by someone else, none of them is theirs.
    expect((await list(cast.ann.userID, admin)).json<UserSession[]>().some((session) => session.isCurrent)).toBe(false);
    expect(sessions.every((session) => session.userID === cast.ann.userID)).toBe(true);
    // A "remember me" session lasts 30 days, another 2.
    const lasts = (session: UserSession) => Date.parse(session.dateExpires!) - Date.parse(session.dateInserted);
    expect(sessions.map(lasts)).toEqual([30 * DAY, 2 * DAY]);
    for (const secret of [tokenOf(first), tokenOf(second), first.transientKey, second.transientKey])
      expect(response.body).not.toContain(secret);
  });

  it("lets users.edit list anyone's but a site manager's; others are refused, unknown members are 404", async () => {
    await api.signIn(cast.bob);
    expect((await list(cast.bob.userID, admin)).json<UserSession[]>()).toHaveLength(1);
    expect((await list(cast.bob.userID, editor)).json<UserSession[]>()).toHaveLength(1);

    const asMember = await api.signIn(cast.ann);
    for (const [as, status] of [
      [asMember, 403],
      [moderator, 403],
      [null, 403],
    ] as const) {
      expect((await list(cast.bob.userID, as)).statusCode).toBe(status);
    }
    // A member asking after someone who does not exist learns nothing: 403, as for anyone else.
    expect((await list(999_999, asMember)).statusCode).toBe(403);
    const unknown = await list(999_999, admin);
    expect([unknown.statusCode, unknown.json<ErrorBody>().message]).toEqual([404, "User not found."]);

    const manager = await list(cast.admin.userID, editor);
    expect(manager.statusCode).toBe(403);
    expect(manager.json<ErrorBody>()).toMatchObject({
      message: "Permission Problem",
      description: `Only site managers may change site managers: ${cast.admin.userID}.`,
    });
  });

  it("refuses bad queries with a 4xx naming the field", async () => {
    for (const query of ["", "userID=abc", "userID=0", `userID=${cast.ann.userID}&filter=bogus`]) {
      const response = await api.get(`/api/v2/sessions?${query}`, { as: admin });
      expect([400, 422], query).toContain(response.statusCode);
      expect(
        response.json<ErrorBody>().errors?.map((error) => error.field),
        query,
      ).toEqual([query.includes("filter") ? "filter" : "userID"]);
    }
    for (const query of ["", "userID=abc", `userID=${cast.ann.userID}&sessionID=`]) {
      expect([400, 422], query).toContain((await signOut(query, admin)).statusCode);
    }
  });

  it("signs one session out: that cookie is a guest's from its next request on, the other stays signed in", async () => {
    const [phone, laptop] = [await api.signIn(cast.cy), await api.signIn(cast.cy)];
    const phoneID = hashToken(tokenOf(phone));

    // Not Cy's own to end for Ann, nor a session of Bob's, nor a made-up one.
    const ann = await api.signIn(cast.ann);
    expect((await signOut(`userID=${cast.cy.userID}&sessionID=${phoneID}`, ann)).statusCode).toBe(403);
    const elsewhere = await signOut(`userID=${cast.bob.userID}&sessionID=${phoneID}`, admin);
    expect([elsewhere.statusCode, elsewhere.json<ErrorBody>().message]).toEqual([404, "Session not found."]);
    expect((await signOut(`userID=${cast.cy.userID}&sessionID=${"0".repeat(64)}`, laptop)).statusCode).toBe(404);
    expect(await whoIs(phone)).toBe(cast.cy.userID);

    const response = await signOut(`userID=${cast.cy.userID}&sessionID=${phoneID}`, laptop);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe("");
    const next = await api.get("/api/v2/users/me", { as: phone });
    expect(next.json<Me>().userID).toBe(0);
    expect(String(next.headers["set-cookie"])).toMatch(/parley_session=;/);
    expect((await api.get("/api/v2/discussions", { as: phone })).statusCode).toBe(200);
    expect((await api.post("/api/v2/tokens", { name: "stolen" }, { as: phone })).statusCode).toBe(403);
    expect(await whoIs(laptop)).toBe(cast.cy.userID);
    expect(await storedSessions(cast.cy.userID)).toEqual([hashToken(tokenOf(laptop))]);
    // Asking again for the same one: it is gone.
    expect((await signOut(`userID=${cast.cy.userID}&sessionID=${phoneID}`, laptop)).statusCode).toBe(404);
  });

  it("signs a member out everywhere: every browser is a guest's, their API tokens stay", async () => {
    const browsers = [await api.signIn(cast.bob), await api.signIn(cast.bob, { persist: true })];
    const token = await api.tokenFor(browsers[0]!);
    expect((await list(cast.bob.userID, admin)).json<UserSession[]>().length).toBeGreaterThanOrEqual(2);

    // The moderator (no users.edit) and a member may not; nothing is signed out by their asking.
    expect((await signOut(`userID=${cast.bob.userID}`, moderator)).statusCode).toBe(403);
    expect((await signOut(`userID=${cast.bob.userID}`, null)).statusCode).toBe(403);
    for (const browser of browsers) expect(await whoIs(browser)).toBe(cast.bob.userID);

    const response = await signOut(`userID=${cast.bob.userID}`, editor);
    expect(response.statusCode, response.body).toBe(204);
    for (const browser of browsers) expect(await whoIs(browser)).toBe(0);
    expect(await storedSessions(cast.bob.userID)).toEqual([]);
    expect((await list(cast.bob.userID, admin)).json()).toEqual([]);
    const viaToken = await api.get("/api/v2/users/me", { as: token });
    expect(viaToken.json<Me>().userID).toBe(cast.bob.userID);
    // With none left, signing out everywhere again is done already.
    expect((await signOut(`userID=${cast.bob.userID}`, admin)).statusCode).toBe(204);
  });

  it("refuses to sign a site manager out for one who is not, and lets a member sign themselves out everywhere", async () => {
    const before = await storedSessions(cast.admin.userID);
    const refused = await signOut(`userID=${cast.admin.userID}`, editor);
    expect(refused.statusCode).toBe(403);
    expect(await storedSessions(cast.admin.userID)).toEqual(before);
    expect(await whoIs(admin)).toBe(cast.admin.userID);

    const ann = await api.signIn(cast.ann);
    expect((await signOut(`userID=${cast.ann.userID}`, ann)).statusCode).toBe(204);
    expect(await whoIs(ann)).toBe(0);
  });

  it("filters by valid and invalid: an expired session not yet cleared is invalid", async () => {
    const old = await api.signIn(cast.cy);
    t.clock.advance(3 * DAY);
    const fresh = await api.signIn(cast.cy);
    const boss = await api.signIn(cast.admin);
    const ids = async (filter?: string) =>
      (await list(cast.cy.userID, boss, filter)).json<UserSession[]>().map((session) => session.sessionID);
    expect(await ids("valid")).toEqual([hashToken(tokenOf(fresh))]);
    expect(await ids("invalid")).toContain(hashToken(tokenOf(old)));
    expect(await ids("invalid")).not.toContain(hashToken(tokenOf(fresh)));
    expect((await ids()).length).toBe((await ids("valid")).length + (await ids("invalid")).length);
  });

  describe("a new password (PATCH /users/{id})", () => {
    const newPassword = (userID: number, body: Record<string, unknown>, as: Session) =>
      api.patch(`/api/v2/users/${userID}`, body, { as });

    it("signs the member's other sessions out and keeps the one that changed it; API tokens stay", async () => {
      const [phone, laptop, tablet] = [await api.signIn(cast.cy), await api.signIn(cast.cy), await api.signIn(cast.cy)];
      const token = await api.tokenFor(phone);
      // A wrong current password changes nothing and signs no one out.
      const wrong = await newPassword(
        cast.cy.userID,
        { password: "another long one", passwordConfirmation: "nope" },
        laptop,
      );
      expect(wrong.statusCode).toBe(400);
      for (const browser of [phone, laptop, tablet]) expect(await whoIs(browser)).toBe(cast.cy.userID);

      const changed = await newPassword(
        cast.cy.userID,
        { password: "another long one", passwordConfirmation: cast.cy.password },
        laptop,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await whoIs(laptop)).toBe(cast.cy.userID);
      for (const browser of [phone, tablet]) expect(await whoIs(browser)).toBe(0);
      // Refused as a member's from then on: a write is a guest's.
      expect((await api.post("/api/v2/tokens", { name: "again" }, { as: tablet })).statusCode).toBe(403);
      expect(await storedSessions(cast.cy.userID)).toEqual([hashToken(tokenOf(laptop))]);
      expect((await api.get("/api/v2/users/me", { as: token })).json<Me>().userID).toBe(cast.cy.userID);
      cast.cy = { ...cast.cy, password: "another long one" };
    });

    it("signs every session out when an administrator sets it; another member and a moderator may not", async () => {
      const [one, two] = [await api.signIn(cast.bob), await api.signIn(cast.bob)];
      const ann = await api.signIn(cast.ann);
      for (const as of [ann, moderator]) {
        const refused = await newPassword(
          cast.bob.userID,
          { password: "taken over now", passwordConfirmation: "x" },
          as,
        );
        expect(refused.statusCode).toBe(403);
      }
      for (const browser of [one, two]) expect(await whoIs(browser)).toBe(cast.bob.userID);

      const boss = await api.signIn(cast.admin);
      const reset = await newPassword(cast.bob.userID, { password: "set by the admin" }, boss);
      expect(reset.statusCode, reset.body).toBe(200);
      for (const browser of [one, two]) expect(await whoIs(browser)).toBe(0);
      expect(await storedSessions(cast.bob.userID)).toEqual([]);
      expect(await whoIs(boss)).toBe(cast.admin.userID);
      cast.bob = { ...cast.bob, password: "set by the admin" };
    });
  });

  it("leaks nothing", () => {
    expectNoLeaks(api.records);
  });
});
