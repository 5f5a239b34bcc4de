import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitationMessages, userMessages, type Me, type User } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  createApi,
  createCast,
  expectNoLeaks,
  linkIn,
  mailTo,
  uniqueIp,
  type Api,
  type Session,
  type TestUser,
} from "../../test/accounts.ts";

interface FieldErrors {
  message: string;
  status: number;
  errors: Array<{ field: string; code: string; message: string; status: number }>;
}

describe.each(engines)("registration and e-mail confirmation on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"admin" | "existing", TestUser>;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp(engine);
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      admin: { name: "Root", role: "administrator" },
      existing: { name: "Existing Member", role: "member", email: "existing@people.test" },
    });
    admin = await api.signIn(cast.admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  const register = (body: Record<string, unknown>) => api.post("/api/v2/users/register", body, { ip: uniqueIp() });
  const rolesOf = async (userID: number) =>
    (await api.get(`/api/v2/users/${userID}`, { as: admin })).json<User>().roles.map((role) => role.name);

  it("creates the account: 201 {userID, name, email}, Unconfirmed until the address is confirmed", async () => {
    const response = await register({ name: "  Newcomer ", email: "newcomer@people.test", password: "long enough 1" });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ userID: number; name: string; email: string }>();
    expect(body).toEqual({ userID: expect.any(Number) as number, name: "Newcomer", email: "newcomer@people.test" });
    expect(await rolesOf(body.userID)).toEqual(["Unconfirmed"]);

    const session = await api.signIn({ name: "Newcomer", password: "long enough 1" });
    expect(session.me).toMatchObject({ userID: body.userID, emailConfirmed: false, roles: [{ name: "Unconfirmed" }] });
    expect(session.me.permissions).toContain("session.valid");
    expect(session.me.permissions).not.toContain("discussions.add");
  });

  it("takes new accounts only under an open registration method (basic; captcha as basic)", async () => {
    const { siteConfig } = t.app.platform;
    const body = (name: string) => ({ name, email: `${name.toLowerCase()}@people.test`, password: "long enough 1" });
    try {
      for (const method of ["closed", "invitation", "connect"] as const) {
        await siteConfig.set("registration.method", method);
        const refused = await register(body(`Refused${method}`));
        expect(refused.statusCode, method).toBe(403);
        // By invitation, a registration without an invitation's code is refused (invitations.test.ts).
        expect(refused.json<{ message: string }>().message).toBe(
          method === "invitation" ? invitationMessages.required : userMessages.registrationClosed,
        );
      }
      const written = await t.database.db
        .selectFrom("users")
        .select("name")
        .where("name", "like", "Refused%")
        .execute();
      expect(written).toEqual([]);
      await siteConfig.set("registration.method", "captcha");
      expect((await register(body("Captcha"))).statusCode).toBe(201);
    } finally {
      await siteConfig.set("registration.method", "basic");
    }
  });

  it("answers every bad field at once with its exact message", async () => {
    const response = await register({ name: "x", email: "not-an-email", password: "short" });
    expect(response.statusCode).toBe(400);
    const body = response.json<FieldErrors>();
    expect(body.message).toBe("Validation Failed");
    expect(body.status).toBe(400);
    const byField = Object.fromEntries(body.errors.map((error) => [error.field, error]));
    expect(Object.keys(byField).sort()).toEqual(["email", "name", "password"]);
    expect(byField["name"]).toMatchObject({ message: userMessages.nameInvalid, status: 400 });
    expect(byField["email"]).toMatchObject({ message: userMessages.emailInvalid, status: 400 });
    expect(byField["password"]).toMatchObject({ code: "minLength", message: userMessages.passwordTooShort });
  });

  it.each([
    ["a short password", { password: "1234567" }, "password", userMessages.passwordTooShort],
    ["an e-mail without a domain", { email: "someone@" }, "email", userMessages.emailInvalid],
    ["an e-mail with a space", { email: "some one@people.test" }, "email", userMessages.emailInvalid],
    ["a name with a slash", { name: "a/b" }, "name", userMessages.nameInvalid],
    ["a name too long", { name: "n".repeat(21) }, "name", userMessages.nameInvalid],
    ["a name too short", { name: "ab" }, "name", userMessages.nameInvalid],
    ["a taken name in other case", { name: "EXISTING member" }, "name", userMessages.nameTaken],
    ["a taken e-mail in other case", { email: "Existing@People.TEST" }, "email", userMessages.emailTaken],
  ])("rejects %s", async (_label, change, field, message) => {
    const response = await register({
      name: "Fresh Face",
      email: "fresh@people.test",
      password: "long enough 2",
      ...change,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<FieldErrors>();
    expect(body.errors).toEqual([expect.objectContaining({ field, message })]);
  });

  it("rejects a body without the required fields with 4xx field errors", async () => {
    const response = await register({ name: "Only A Name" });
    expect(response.statusCode).toBe(400);
    expect(response.json<FieldErrors>().errors.map((error) => [error.field, error.code])).toEqual(
      expect.arrayContaining([
        ["email", "missingField"],
        ["password", "missingField"],
      ]),
    );
  });

  it("mails a confirmation link; the link confirms once and makes a Member", async () => {
    const { userID } = (
      await register({ name: "Confirmer", email: "confirmer@people.test", password: "long enough 3" })
    ).json<{ userID: number }>();
    const mails = mailTo(t.database.dataDir, "confirmer@people.test");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Confirm your email address");
    const link = linkIn(mails[0]!, "emailconfirm");
    expect(link.userID).toBe(userID);

    const confirm = (code: string) =>
      api.post(`/api/v2/users/${userID}/confirm-email`, { confirmationCode: code }, { ip: uniqueIp() });
    const wrong = await confirm("not-the-token");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: userMessages.emailConfirmBadLink, status: 400 });

    const confirmed = await confirm(link.token);
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json()).toEqual({ userID, emailConfirmed: true });
    expect(await rolesOf(userID)).toEqual(["Member"]);
    const session = await api.signIn({ name: "Confirmer", password: "long enough 3" });
    expect(session.me).toMatchObject({ emailConfirmed: true, roles: [{ name: "Member" }] });
    expect(session.me.permissions).toContain("discussions.add");

    const again = await confirm(link.token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: userMessages.emailConfirmBadLink });
  });

  it("refuses a token presented under another user's id, without spending or applying it", async () => {
    const { userID } = (await register({ name: "Mixup", email: "mixup@people.test", password: "long enough 4" })).json<{
      userID: number;
    }>();
    const { token } = linkIn(mailTo(t.database.dataDir, "mixup@people.test")[0]!, "emailconfirm");

    const elsewhere = await api.post(`/api/v2/users/${cast.existing.userID}/confirm-email`, {
      confirmationCode: token,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ message: userMessages.emailConfirmBadLink });
    expect(await rolesOf(userID)).toEqual(["Unconfirmed"]);

    const right = await api.post(`/api/v2/users/${userID}/confirm-email`, { confirmationCode: token });
    expect(right.statusCode).toBe(201);
    expect(await rolesOf(userID)).toEqual(["Member"]);
  });

  it("sends a new link on request, which replaces the old one", async () => {
    const { userID } = (
      await register({ name: "Resender", email: "resender@people.test", password: "long enough 5" })
    ).json<{ userID: number }>();
    const session = await api.signIn({ name: "Resender", password: "long enough 5" });
    const first = linkIn(mailTo(t.database.dataDir, "resender@people.test")[0]!, "emailconfirm");

    const resend = await api.post("/api/v2/users/me/send-confirm-email", {}, { as: session, ip: uniqueIp() });
    expect(resend.statusCode).toBe(201);
    expect(resend.json()).toEqual({ message: "A confirmation email has been sent." });
    const mails = mailTo(t.database.dataDir, "resender@people.test");
    expect(mails).toHaveLength(2);
    const second = linkIn(mails[1]!, "emailconfirm");
    expect(second.token).not.toBe(first.token);

    const old = await api.post(`/api/v2/users/${userID}/confirm-email`, { confirmationCode: first.token });
    expect(old.statusCode).toBe(400);
    const current = await api.post(`/api/v2/users/${userID}/confirm-email`, { confirmationCode: second.token });
    expect(current.statusCode).toBe(201);
    const me = (await api.get("/api/v2/users/me", { as: session })).json<Me>();
    expect(me.emailConfirmed).toBe(true);

    const confirmedAlready = await api.post("/api/v2/users/me/send-confirm-email", {}, { as: session, ip: uniqueIp() });
    expect(confirmedAlready.statusCode).toBe(400);
    expect(confirmedAlready.json()).toMatchObject({ message: "Your email address is already confirmed." });
    const guest = await api.post("/api/v2/users/me/send-confirm-email", {}, { ip: uniqueIp() });
    expect(guest.statusCode).toBe(403);
    expect(guest.json()).toMatchObject({ message: "Permission Problem", permissions: ["session.valid"] });
  });

  it("limits registrations per address: the 11th within the hour answers 429", async () => {
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await api.post("/api/v2/users/register", { name: "x", email: "x", password: "x" }, { ip });
      expect(response.statusCode).toBe(400);
    }
    const blocked = await api.post(
      "/api/v2/users/register",
      { name: "Blocked", email: "blocked@people.test", password: "long enough 6" },
      { ip },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ message: string }>().message).toContain("Please wait");
    expect(
      (await register({ name: "Unblocked", email: "unblocked@people.test", password: "long enough 7" })).statusCode,
    ).toBe(201);
  });

  it("leaks no password hashes, and e-mail addresses only to their owners and admins", () => {
    expectNoLeaks(api.records);
  });
});

describe.each(engines)(
  "registration as the Registration page sets it (confirm e-mail, default roles) on %s",
  (engine) => {
    let t: TestApp;
    let api: Api;
    let admin: Session;
    let moderator: Session;
    let roleIDs: Record<string, number>;

    beforeAll(async () => {
      // The server's PARLEY_CONFIRM_EMAIL is off: until the site setting is stored, new members need not confirm.
      t = await createTestApp(engine, { config: { confirmEmail: false } });
      api = createApi(t.app);
      const cast = await createCast(t.database.db, {
        admin: { name: "Root", role: "administrator" },
        moderator: { name: "Mod", role: "moderator" },
      });
      [admin, moderator] = await Promise.all([api.signIn(cast.admin), api.signIn(cast.moderator)]);
      for (const name of ["Gardeners", "Seedlings", "Visitors"])
        expect((await api.post("/api/v2/roles", { name }, { as: admin })).statusCode).toBe(201);
      const roles = (await api.get("/api/v2/roles")).json<Array<{ roleID: number; name: string }>>();
      roleIDs = Object.fromEntries(roles.map((role) => [role.name, role.roleID]));
    });
    afterAll(async () => {
      await t?.close();
    });

    const register = (name: string, extra: Record<string, unknown> = {}) =>
      api.post(
        "/api/v2/users/register",
        { name, email: `${name.toLowerCase()}@people.test`, password: "long enough 9", ...extra },
        { ip: uniqueIp() },
      );
    const registered = async (name: string, extra: Record<string, unknown> = {}) => {
      const response = await register(name, extra);
      expect(response.statusCode, response.body).toBe(201);
      const { userID } = response.json<{ userID: number }>();
      const user = (await api.get(`/api/v2/users/${userID}`, { as: admin })).json<User>();
      return { userID, roles: user.roles.map((role) => role.name).sort(), emailConfirmed: user.emailConfirmed };
    };
    const setConfig = (values: Record<string, unknown>, as = admin) => api.patch("/api/v2/config", values, { as });
    const setDefaults = async (type: string, names: string[]) => {
      const response = await api.put(
        "/api/v2/roles/defaults",
        { [type]: names.map((name) => roleIDs[name]) },
        { as: admin },
      );
      expect(response.statusCode, response.body).toBe(200);
    };

    it("follows the server's PARLEY_CONFIRM_EMAIL while the setting is not stored: no confirmation here", async () => {
      expect((await api.get("/api/v2/config?select=registration.*")).json()).toEqual({
        "registration.method": "Basic",
        "registration.confirmEmail": false,
      });
      expect(await registered("Direct")).toMatchObject({ roles: ["Member"], emailConfirmed: true });
      expect(mailTo(t.database.dataDir, "direct@people.test")).toEqual([]);
    });

    it("turning registration.confirmEmail on through the API makes the next registration unconfirmed, with a link", async () => {
      const refused = await setConfig({ "registration.confirmEmail": true }, moderator);
      expect(refused.statusCode).toBe(403);
      const wrongType = await setConfig({ "registration.confirmEmail": "yes" });
      expect(wrongType.statusCode).toBe(422);
      expect(wrongType.json<{ errors: Array<{ field: string }> }>().errors).toEqual([
        expect.objectContaining({ field: "registration.confirmEmail" }),
      ]);
      expect(await registered("StillDirect")).toMatchObject({ emailConfirmed: true });

      const saved = await setConfig({ "registration.confirmEmail": true });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ "registration.confirmEmail": true });
      const waiting = await registered("Waiting");
      expect(waiting).toMatchObject({ roles: ["Unconfirmed"], emailConfirmed: false });
      const link = linkIn(mailTo(t.database.dataDir, "waiting@people.test")[0]!, "emailconfirm");
      expect(link.userID).toBe(waiting.userID);
    });

    it("gives a new registrant the default roles set through PUT /roles/defaults, and swaps them on confirmation", async () => {
      await setDefaults("member", ["Member", "Gardeners"]);
      await setDefaults("unconfirmed", ["Unconfirmed", "Seedlings"]);
      const newcomer = await registered("Newcomer");
      expect(newcomer).toMatchObject({ roles: ["Seedlings", "Unconfirmed"], emailConfirmed: false });
      const { token } = linkIn(mailTo(t.database.dataDir, "newcomer@people.test")[0]!, "emailconfirm");
      const confirmed = await api.post(
        `/api/v2/users/${newcomer.userID}/confirm-email`,
        { confirmationCode: token },
        { ip: uniqueIp() },
      );
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      const user = (await api.get(`/api/v2/users/${newcomer.userID}`, { as: admin })).json<User>();
      expect(user.roles.map((role) => role.name).sort()).toEqual(["Gardeners", "Member"]);

      // Off again: the member roles straight away.
      expect((await setConfig({ "registration.confirmEmail": false })).statusCode).toBe(200);
      expect(await registered("Gardener")).toMatchObject({ roles: ["Gardeners", "Member"], emailConfirmed: true });
    });

    it("gives applicants the applicant roles, and the approved the member roles (unconfirmed ones when confirming is on)", async () => {
      await setDefaults("applicant", ["Applicant", "Visitors"]);
      expect(
        (await setConfig({ "registration.method": "approval", "registration.confirmEmail": true })).statusCode,
      ).toBe(200);
      try {
        const applicant = await registered("Hopeful", { discoveryText: "I grow tomatoes." });
        expect(applicant).toMatchObject({ roles: ["Applicant", "Visitors"], emailConfirmed: false });
        const approved = await api.post(`/api/v2/applicants/${applicant.userID}/approve`, {}, { as: admin });
        expect(approved.statusCode, approved.body).toBe(204);
        const user = (await api.get(`/api/v2/users/${applicant.userID}`, { as: admin })).json<User>();
        expect(user.roles.map((role) => role.name).sort()).toEqual(["Seedlings", "Unconfirmed"]);
        expect(mailTo(t.database.dataDir, "hopeful@people.test").map((mail) => mail.subject)).toContain(
          "Confirm your email address",
        );
      } finally {
        await setConfig({ "registration.method": "basic" });
      }
    });
  },
);
