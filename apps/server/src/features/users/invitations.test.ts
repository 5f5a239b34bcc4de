import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Invitation, invitationMessages, type User } from "@parley/contracts";
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
});
