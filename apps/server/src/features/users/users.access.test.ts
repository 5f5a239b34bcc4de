import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Value } from "typebox/value";
import { User } from "@parley/contracts";
import type { User as UserRecord } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  createApi,
  createCast,
  expectNoLeaks,
  roleIDOfType,
  seededAdmin,
  type Api,
  type Session,
  type TestUser,
} from "../../test/accounts.ts";

type Who = "guest" | "member" | "banned" | "moderator" | "admin";

const banned401 = { message: "You are banned.", status: 401, description: null };
const permissionProblem = (description: string, permissions: string[]) => ({
  message: "Permission Problem",
  status: 403,
  description,
  permissions,
});

describe.each(engines)("who may read and manage users on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"member" | "banned" | "moderator" | "target" | "hidden" | "victim", TestUser>;
  let sessions: Record<Exclude<Who, "guest">, Session>;
  let adminID: number;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true });
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      member: { name: "Mel", role: "member" },
      banned: { name: "Bart", role: "member" },
      moderator: { name: "Mona", role: "moderator" },
      target: { name: "Tia", role: "member", email: "tia@people.test" },
      hidden: { name: "Pia", role: "member", private: true },
      victim: { name: "Vic", role: "member" },
    });
    const [member, banned, moderator, admin] = await Promise.all([
      api.signIn(cast.member),
      api.signIn(cast.banned),
      api.signIn(cast.moderator),
      api.signIn(seededAdmin),
    ]);
    sessions = { member, banned, moderator, admin };
    adminID = admin.userID;
    // Banned after signing in: the session lives on, but every permission check refuses it.
    await t.database.db.updateTable("users").set({ banned: 1 }).where("userID", "=", cast.banned.userID).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (who: Who) => (who === "guest" ? null : sessions[who]);

  describe("GET /users (profiles.view)", () => {
    it.each<[Who, boolean]>([
      ["guest", false],
      ["member", false],
      ["moderator", true],
      ["admin", true],
    ])("lists users for a %s; other people's e-mail addresses shown: %s", async (who, emails) => {
      const response = await api.get("/api/v2/users?limit=100", { as: as(who) });
      expect(response.statusCode).toBe(200);
      const users = response.json<UserRecord[]>();
      expect(users.every((user) => Value.Check(User, user))).toBe(true);
      const tia = users.find((user) => user.userID === cast.target.userID)!;
      expect(tia.name).toBe("Tia");
      expect(tia.email).toBe(emails ? "tia@people.test" : undefined);
      const others = users.filter((user) => user.userID !== as(who)?.userID);
      expect(others.every((user) => (user.email !== undefined) === emails)).toBe(true);
      expect(response.headers["x-app-page-result-count"]).toBe(String(users.length));
    });

    it("shows members their own e-mail address in the list", async () => {
      const users = (await api.get("/api/v2/users?limit=100", { as: sessions.member })).json<UserRecord[]>();
      expect(users.find((user) => user.userID === cast.member.userID)?.email).toBe(cast.member.email);
    });

    it("answers a banned member 401 'You are banned.'", async () => {
      const response = await api.get("/api/v2/users", { as: sessions.banned });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(banned401);
    });

    it("filters by e-mail only for holders of personalInfo.view", async () => {
      const member = await api.get("/api/v2/users?email=TIA@people.test", { as: sessions.member });
      expect(member.statusCode).toBe(403);
      expect(member.json()).toEqual(
        permissionProblem("You need the personalInfo.view permission to do that.", ["personalInfo.view"]),
      );
      const moderator = await api.get("/api/v2/users?email=TIA@people.test", { as: sessions.moderator });
      expect(moderator.json<UserRecord[]>().map((user) => user.userID)).toEqual([cast.target.userID]);
    });

    it("shows IP addresses and admin flags only to site managers", async () => {
      const forModerator = (
        await api.get(`/api/v2/users/${cast.member.userID}`, { as: sessions.moderator })
      ).json<UserRecord>();
      expect(forModerator.insertIPAddress).toBeUndefined();
      expect(forModerator.isAdmin).toBeUndefined();
      const forAdmin = (
        await api.get(`/api/v2/users/${cast.member.userID}`, { as: sessions.admin })
      ).json<UserRecord>();
      expect(forAdmin).toMatchObject({ isAdmin: false, isSysAdmin: false });
      expect(forAdmin).toHaveProperty("lastIPAddress");
    });
  });

  describe("GET /users/{id}: e-mail only for the owner and personalInfo.view", () => {
    it.each<[Who, boolean]>([
      ["guest", false],
      ["member", false],
      ["moderator", true],
      ["admin", true],
    ])("as a %s, sees the e-mail: %s", async (who, emails) => {
      const response = await api.get(`/api/v2/users/${cast.target.userID}`, { as: as(who) });
      expect(response.statusCode).toBe(200);
      const user = response.json<UserRecord>();
      expect(Value.Check(User, user)).toBe(true);
      expect(user).toMatchObject({ userID: cast.target.userID, name: "Tia", roles: [{ name: "Member" }] });
      expect("email" in user).toBe(emails);
      if (emails) expect(user.email).toBe("tia@people.test");
    });

    it("shows the owner their own e-mail, by id and by $me", async () => {
      for (const id of [String(cast.member.userID), "$me"]) {
        const response = await api.get(`/api/v2/users/${id}`, { as: sessions.member });
        expect(response.json<UserRecord>().email).toBe(cast.member.email);
      }
    });

    it("finds users by $name: and, for personalInfo.view only, $email:", async () => {
      const byName = await api.get("/api/v2/users/$name:TIA");
      expect(byName.json<UserRecord>().userID).toBe(cast.target.userID);
      expect((await api.get("/api/v2/users/$email:tia@people.test", { as: sessions.member })).statusCode).toBe(403);
      const byEmail = await api.get("/api/v2/users/$email:tia@people.test", { as: sessions.moderator });
      expect(byEmail.json<UserRecord>().userID).toBe(cast.target.userID);
      expect((await api.get("/api/v2/users/$name:nobody")).json()).toMatchObject({
        status: 404,
        message: "Smart ID not found.",
      });
      expect((await api.get("/api/v2/users/999999")).json()).toMatchObject({ status: 404, message: "User not found." });
    });

    it("trims private profiles for others, but not for their owner or personalInfo.view", async () => {
      const forMember = (
        await api.get(`/api/v2/users/${cast.hidden.userID}`, { as: sessions.member })
      ).json<UserRecord>();
      expect(forMember).toMatchObject({ name: "Pia", private: true, dateLastActive: null, countVisits: 0 });
      const forOwner = await api.get(`/api/v2/users/${cast.hidden.userID}`, { as: await api.signIn(cast.hidden) });
      expect(forOwner.json<UserRecord>().dateLastActive).not.toBeNull();
      const forModerator = (
        await api.get(`/api/v2/users/${cast.hidden.userID}`, { as: sessions.moderator })
      ).json<UserRecord>();
      expect(forModerator.dateLastActive).not.toBeNull();
    });

    it("answers a banned member 401 'You are banned.'", async () => {
      const response = await api.get(`/api/v2/users/${cast.target.userID}`, { as: sessions.banned });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(banned401);
    });
  });

  describe("POST /users (users.add: administrators)", () => {
    const body = (name: string) => ({
      name,
      email: `${name.toLowerCase().replace(/ /g, ".")}@people.test`,
      password: "long enough 1",
    });

    it.each<[Who, number]>([
      ["guest", 403],
      ["member", 403],
      ["moderator", 403],
      ["banned", 401],
    ])("refuses a %s (%s)", async (who, status) => {
      const response = await api.post("/api/v2/users", body(`Made By ${who}`), { as: as(who) });
      expect(response.statusCode).toBe(status);
      if (status === 403)
        expect(response.json()).toEqual(
          permissionProblem("You need the users.add permission to do that.", ["users.add"]),
        );
    });

    it("lets an administrator create a member (confirmed by default), or give roles", async () => {
      const response = await api.post("/api/v2/users", body("Made"), { as: sessions.admin });
      expect(response.statusCode).toBe(201);
      const made = response.json<UserRecord>();
      expect(Value.Check(User, made)).toBe(true);
      expect(made).toMatchObject({
        name: "Made",
        email: "made@people.test",
        emailConfirmed: true,
        roles: [{ name: "Member" }],
      });
      expect((await api.signIn({ name: "Made", password: "long enough 1" })).me.roles).toEqual([
        expect.objectContaining({ name: "Member" }),
      ]);

      const moderatorRole = await roleIDOfType(t.database.db, "moderator");
      const withRole = await api.post(
        "/api/v2/users",
        { ...body("Made Mod"), roleID: [moderatorRole], emailConfirmed: false },
        { as: sessions.admin },
      );
      expect(withRole.json<UserRecord>()).toMatchObject({ emailConfirmed: false, roles: [{ name: "Moderator" }] });
      const taken = await api.post("/api/v2/users", body("MADE"), { as: sessions.admin });
      expect(taken.statusCode).toBe(400);
      expect(taken.json<{ errors: Array<{ field: string; code: string }> }>().errors).toEqual([
        expect.objectContaining({ field: "name", code: "nameTaken" }),
        expect.objectContaining({ field: "email", code: "emailTaken" }),
      ]);
    });
  });

  describe("PUT /users/{id}/ban (community.moderate)", () => {
    const ban = (id: number, banned: boolean, who: Who) =>
      api.put(`/api/v2/users/${id}/ban`, { banned }, { as: as(who) });

    it("refuses members and guests with 403", async () => {
      for (const who of ["member", "guest"] as const) {
        const response = await ban(cast.victim.userID, true, who);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(
          permissionProblem("You need one of community.moderate, users.edit permissions to do that.", [
            "community.moderate",
            "users.edit",
          ]),
        );
      }
    });

    it("lets a moderator ban and unban a member; a banned member is refused everywhere", async () => {
      const victim = await api.signIn(cast.victim);
      const banned = await ban(cast.victim.userID, true, "moderator");
      expect(banned.statusCode).toBe(200);
      expect(banned.json()).toEqual({ banned: true });
      expect(
        (await api.get(`/api/v2/users/${cast.victim.userID}`, { as: sessions.moderator })).json<UserRecord>().banned,
      ).toBe(1);

      const categories = await api.get("/api/v2/categories", { as: victim });
      expect(categories.statusCode).toBe(401);
      expect(categories.json()).toEqual(banned401);
      const signIn = await api.post("/api/v2/authenticate/password", {
        username: "Vic",
        password: cast.victim.password,
      });
      expect(signIn.json()).toMatchObject({ status: 401, message: "You are banned." });

      expect((await ban(cast.victim.userID, false, "moderator")).json()).toEqual({ banned: false });
      expect((await api.get("/api/v2/categories", { as: victim })).statusCode).toBe(200);
    });

    it("does not let anyone ban an administrator, or themselves", async () => {
      const admin = await ban(adminID, true, "moderator");
      expect(admin.statusCode).toBe(403);
      expect(admin.json()).toMatchObject({ message: "Administrators cannot be banned." });
      const self = await ban(cast.moderator.userID, true, "moderator");
      expect(self.statusCode).toBe(400);
      expect(self.json()).toMatchObject({ message: "You cannot ban yourself." });
    });

    it("answers 404 for an unknown user", async () => {
      expect((await ban(999999, true, "moderator")).statusCode).toBe(404);
    });
  });

  it("answers a banned member 401 'You are banned.' on GET /categories and GET /categories/{id}", async () => {
    const list = await api.get("/api/v2/categories", { as: sessions.banned });
    expect(list.statusCode).toBe(401);
    expect(list.json()).toEqual(banned401);
    const one = await api.get("/api/v2/categories/$urlcode:general", { as: sessions.banned });
    expect(one.statusCode).toBe(401);
    expect((await api.get("/api/v2/categories", { as: sessions.member })).statusCode).toBe(200);
  });

  it("leaks no password hashes, and e-mail addresses only to their owners and personalInfo.view", () => {
    expectNoLeaks(api.records);
  });
});
