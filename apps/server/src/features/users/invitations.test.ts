import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Invitation, InvitationAllowance, invitationMessages, type Role, type User } from "@parley/contracts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  createApi,
  createCast,
  mailTo,
  TEST_ORIGIN,
  uniqueIp,
  type Api,
  type Session,
  type TestUser,
} from "../../test/accounts.ts";
import { expectSchema } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

/*
 * Invitations (issue 34): a user manager invites an address, the mailed link's code registers that address (and
 * only it, once) while the registration method is `invitation`; invitations are listed and revocable.
 */

describe.each(engines)("invitations on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"admin" | "member", TestUser>;
  let admin: Session;
  let member: Session;

  beforeAll(async () => {
    t = await createTestApp(engine);
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      admin: { name: "Root", role: "administrator" },
      member: { name: "Plain Member", role: "member", email: "plain@people.test" },
    });
    admin = await api.signIn(cast.admin);
    member = await api.signIn(cast.member);
    await t.app.platform.siteConfig.set("registration.method", "invitation");
  });
  afterAll(async () => {
    await t?.close();
  });

  const invite = (email: string, as: Session | null = admin) => api.post("/api/v2/invitations", { email }, { as });
  const register = (body: Record<string, unknown>) => api.post("/api/v2/users/register", body, { ip: uniqueIp() });

  /** The code in the last invitation mailed to the address, from its link (both bodies). */
  const codeMailedTo = (email: string): string => {
    const mails = mailTo(t.database.dataDir, email);
    const mail = mails[mails.length - 1]!;
    const pattern = /\/entry\/register\?invitationCode=([\w-]+)&email=/u;
    const text = pattern.exec(mail.text);
    expect(text, mail.text).not.toBeNull();
    expect(mail.text).toContain(`${TEST_ORIGIN}/entry/register?invitationCode=`);
    expect(mail.html).toContain(text![1]);
    return text![1]!;
  };

  const usersWithEmail = (email: string) =>
    t.database.db.selectFrom("users").select("userID").where("email", "=", email).execute();

  it("mails the invited address a link whose code registers it, confirmed, once", async () => {
    const response = await invite("guest-one@people.test");
    expect(response.statusCode, response.body).toBe(201);
    expectSchema(Invitation, response.json());
    expect(response.json()).toMatchObject({ email: "guest-one@people.test", status: "pending", acceptedUserID: null });
    const code = codeMailedTo("guest-one@people.test");
    expect(response.body).not.toContain(code);

    const created = await register({
      name: "Guest One",
      email: "Guest-One@people.test",
      password: "long enough 1",
      invitationCode: code,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { userID } = created.json<{ userID: number }>();
    const user = (await api.get(`/api/v2/users/${userID}`, { as: admin })).json<User>();
    expect(user.emailConfirmed).toBe(true);
    expect(user.roles.map((role) => role.name)).toEqual(["Member"]);
    const listed = (await api.get("/api/v2/invitations", { as: admin })).json<Invitation[]>();
    expect(listed.find((item) => item.email === "guest-one@people.test")).toMatchObject({
      status: "accepted",
      acceptedUserID: userID,
    });

    // The code is spent.
    const again = await register({
      name: "Guest Again",
      email: "guest-one@people.test",
      password: "long enough 1",
      invitationCode: code,
    });
    expect(again.statusCode).toBe(403);
  });

  it("refuses a registration without a code, with another address's code, with a revoked or expired one", async () => {
    const none = await register({ name: "Nobody Invited", email: "nobody@people.test", password: "long enough 1" });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ message: invitationMessages.required });

    await invite("guest-two@people.test");
    const code = codeMailedTo("guest-two@people.test");
    const other = await register({
      name: "Someone Else",
      email: "someone-else@people.test",
      password: "long enough 1",
      invitationCode: code,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ message: invitationMessages.invalid });
    expect(await usersWithEmail("someone-else@people.test")).toEqual([]);

    // Revoked: the link stops working.
    const listed = (await api.get("/api/v2/invitations", { as: admin })).json<Invitation[]>();
    const two = listed.find((item) => item.email === "guest-two@people.test")!;
    expect((await api.delete(`/api/v2/invitations/${two.invitationID}`, { as: admin })).statusCode).toBe(204);
    expect((await api.delete(`/api/v2/invitations/${two.invitationID}`, { as: admin })).statusCode).toBe(404);
    const revoked = await register({
      name: "Guest Two",
      email: "guest-two@people.test",
      password: "long enough 1",
      invitationCode: code,
    });
    expect(revoked.statusCode).toBe(403);

    // Expired: two weeks later.
    await invite("guest-three@people.test");
    const late = codeMailedTo("guest-three@people.test");
    t.clock.advance(15 * 24 * 3_600_000);
    const expired = await register({
      name: "Guest Three",
      email: "guest-three@people.test",
      password: "long enough 1",
      invitationCode: late,
    });
    expect(expired.statusCode).toBe(403);
    expect(await usersWithEmail("guest-three@people.test")).toEqual([]);
    // (The sessions ended meanwhile.)
    admin = await api.signIn(cast.admin);
    member = await api.signIn(cast.member);
    const three = (await api.get("/api/v2/invitations", { as: admin }))
      .json<Invitation[]>()
      .find((item) => item.email === "guest-three@people.test");
    expect(three?.status).toBe("expired");
  });

  it("a new invitation replaces the address's earlier one", async () => {
    await invite("guest-four@people.test");
    const first = codeMailedTo("guest-four@people.test");
    await invite("guest-four@people.test");
    const second = codeMailedTo("guest-four@people.test");
    expect(second).not.toBe(first);
    const base = { name: "Guest Four", email: "guest-four@people.test", password: "long enough 1" };
    expect((await register({ ...base, invitationCode: first })).statusCode).toBe(403);
    expect((await register({ ...base, invitationCode: second })).statusCode).toBe(201);
  });

  it("is for user managers: members and guests are refused; an address with an account is not invited", async () => {
    for (const who of [member, null]) {
      expect((await invite("guest-five@people.test", who)).statusCode).toBe(403);
      expect((await api.get("/api/v2/invitations", { as: who })).statusCode).toBe(403);
    }
    expect(mailTo(t.database.dataDir, "guest-five@people.test")).toEqual([]);
    const taken = await invite("plain@people.test");
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ errors: [{ field: "email", code: "emailTaken" }] });
    expect((await invite("not an address")).statusCode).toBe(400);
  });

  it("is not needed under an open method: the code is then ignored", async () => {
    await t.app.platform.siteConfig.set("registration.method", "basic");
    try {
      const open = await register({ name: "Open Door", email: "open@people.test", password: "long enough 1" });
      expect(open.statusCode).toBe(201);
    } finally {
      await t.app.platform.siteConfig.set("registration.method", "invitation");
    }
  });

  it("limits invitations per month by the highest of the member's roles; administrators are unlimited", async () => {
    // Roles that may invite (users.add), with their invitations per month: set and read through the roles API.
    const role = async (name: string, invitationsPerMonth: number) => {
      const created = await api.post(
        "/api/v2/roles",
        { name, invitationsPerMonth, permissions: [{ type: "global", permissions: { "users.add": true } }] },
        { as: admin },
      );
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json<Role>().invitationsPerMonth).toBe(invitationsPerMonth);
      return created.json<Role>().roleID;
    };
    const two = await role("Recruiter", 2);
    const one = await role("Greeter", 1);
    const none = await role("Silent Inviter", 0);
    expect(
      (await api.post("/api/v2/roles", { name: "Too Many", invitationsPerMonth: 5000 }, { as: admin })).statusCode,
    ).toBe(400);
    expect(
      (await api.post("/api/v2/roles", { name: "Below", invitationsPerMonth: -2 }, { as: admin })).statusCode,
    ).toBe(400);
    const read = await api.get(`/api/v2/roles/${one}`, { as: admin });
    expect(read.json()).toMatchObject({ invitationsPerMonth: 1 });
    const patched = await api.patch(`/api/v2/roles/${one}`, { invitationsPerMonth: 1 }, { as: admin });
    expect(patched.json<Role>().invitationsPerMonth).toBe(1);

    const cast2 = await createCast(t.database.db, {
      recruiter: { name: "Recruiting Member", role: "member", email: "recruiter@people.test" },
      silent: { name: "Silent Member", role: "member", email: "silent@people.test" },
    });
    const setRoles = async (userID: number, roleID: number[]) =>
      expect((await api.patch(`/api/v2/users/${userID}`, { roleID }, { as: admin })).statusCode).toBe(200);
    await setRoles(cast2.recruiter.userID, [one, two]);
    await setRoles(cast2.silent.userID, [none]);
    let recruiter = await api.signIn(cast2.recruiter);
    const silent = await api.signIn(cast2.silent);
    const allowance = async (as: Session) => {
      const response = await api.get("/api/v2/invitations/remaining", { as });
      expect(response.statusCode, response.body).toBe(200);
      expectSchema(InvitationAllowance, response.json());
      return response.json<InvitationAllowance>();
    };

    // The highest of the two roles: 2 this month.
    expect(await allowance(recruiter)).toEqual({ invitationsPerMonth: 2, sentThisMonth: 0, remaining: 2 });
    expect((await invite("limit-1@people.test", recruiter)).statusCode).toBe(201);
    // Revoking one gives nothing back, and neither does a replaced invitation.
    const second = await invite("limit-2@people.test", recruiter);
    expect(second.statusCode).toBe(201);
    await api.delete(`/api/v2/invitations/${second.json<Invitation>().invitationID}`, { as: recruiter });
    expect(await allowance(recruiter)).toEqual({ invitationsPerMonth: 2, sentThisMonth: 2, remaining: 0 });
    const refused = await invite("limit-3@people.test", recruiter);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: invitationMessages.monthlyLimit });
    expect(mailTo(t.database.dataDir, "limit-3@people.test")).toEqual([]);
    const written = await t.database.db
      .selectFrom("invitations")
      .select("email")
      .where("insertUserID", "=", cast2.recruiter.userID)
      .execute();
    expect(written.map((row) => row.email)).toEqual(["limit-1@people.test"]);

    // A role of none: refused at once; an administrator: unlimited.
    const nothing = await invite("limit-4@people.test", silent);
    expect(nothing.statusCode).toBe(403);
    expect(nothing.json()).toMatchObject({ message: invitationMessages.noneAllowed });
    expect(await allowance(silent)).toEqual({ invitationsPerMonth: 0, sentThisMonth: 0, remaining: 0 });
    expect(await allowance(admin)).toMatchObject({ invitationsPerMonth: -1, remaining: null });
    expect((await api.get("/api/v2/invitations/remaining", { as: member })).statusCode).toBe(403);
    expect((await api.get("/api/v2/invitations/remaining")).statusCode).toBe(403);

    // A new month (UTC) starts again.
    const now = new Date(t.clock.nowMs());
    t.clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 1)));
    recruiter = await api.signIn(cast2.recruiter);
    expect(await allowance(recruiter)).toEqual({ invitationsPerMonth: 2, sentThisMonth: 0, remaining: 2 });
    expect((await invite("limit-3@people.test", recruiter)).statusCode).toBe(201);
  });
});
