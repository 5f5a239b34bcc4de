import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userRules, type ErrorBody, type Me, type User } from "@parley/contracts";
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
import { createTestApp, type TestApp } from "../../test/app.ts";
import { postDiscussion } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const DAY = 24 * 60 * 60_000;
type Targets = "m1" | "m2" | "m3" | "m4" | "m5" | "m6" | "m7";

describe.each(engines)("bulk actions on members on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"boss" | "editor" | "moderator" | "member" | "gone" | Targets, TestUser>;
  let admin: Session;
  let boss: Session;
  let editor: Session;
  let moderator: Session;
  let member: Session;
  let moderatorRole: number;
  let administratorRole: number;
  let categoryID: number;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true });
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      // An administrator by role only (no admin flag): a site manager who may be banned or stripped.
      boss: { name: "Boss", role: "administrator", isAdmin: false },
      editor: { name: "Eddie", role: "member" },
      moderator: { name: "Moe", role: "moderator" },
      member: { name: "Mel", role: "member" },
      gone: { name: "Gone", role: "member", deleted: true },
      m1: { name: "One", role: "member" },
      m2: { name: "Two", role: "member" },
      m3: { name: "Three", role: "member" },
      m4: { name: "Four", role: "member" },
      m5: { name: "Five", role: "member" },
      m6: { name: "Six", role: "member" },
      m7: { name: "Seven", role: "member" },
    });
    admin = await api.signIn(seededAdmin);
    // Eddie edits and deletes members (users.edit, users.delete) without managing the site.
    const editors = await api.post(
      "/api/v2/roles",
      {
        name: "Member Editors",
        permissions: [
          {
            type: "global",
            id: null,
            permissions: {
              "session.valid": true,
              "profiles.view": true,
              "users.edit": true,
              "users.delete": true,
            },
          },
        ],
      },
      { as: admin },
    );
    expect(editors.statusCode, editors.body).toBe(201);
    const { roleID } = editors.json<{ roleID: number }>();
    await t.database.db.insertInto("userRoles").values({ userID: cast.editor.userID, roleID }).execute();
    [boss, editor, moderator, member] = await Promise.all([
      api.signIn(cast.boss),
      api.signIn(cast.editor),
      api.signIn(cast.moderator),
      api.signIn(cast.member),
    ]);
    moderatorRole = await roleIDOfType(t.database.db, "moderator");
    administratorRole = await roleIDOfType(t.database.db, "administrator");
    categoryID = (
      await t.database.db
        .selectFrom("categories")
        .select("categoryID")
        .where("categoryID", ">", 0)
        .orderBy("categoryID")
        .executeTakeFirstOrThrow()
    ).categoryID;
  });
  afterAll(async () => {
    await t?.close();
  });

  const assign = (body: unknown, as: Session | null) => api.patch("/api/v2/users/bulk-role-assignment", body, { as });
  const ban = (body: unknown, as: Session | null) => api.patch("/api/v2/users/bulk-ban", body, { as });
  const remove = (body: unknown, as: Session | null) => api.post("/api/v2/users/bulk-delete", body, { as });
  const rolesOf = async (user: TestUser) =>
    (
      await t.database.db
        .selectFrom("userRoles")
        .select("roleID")
        .where("userID", "=", user.userID)
        .orderBy("roleID")
        .execute()
    ).map((row) => row.roleID);
  const stored = (user: TestUser) =>
    t.database.db
      .selectFrom("users")
      .select(["banned", "banReason", "dateBanExpires", "banInsertUserID", "deleted"])
      .where("userID", "=", user.userID)
      .executeTakeFirstOrThrow();
  const fieldsOf = (body: string) => JSON.parse(body) as ErrorBody;
  const ids = (...users: TestUser[]) => users.map((user) => user.userID);

  describe("PATCH /users/bulk-role-assignment", () => {
    it("adds and removes roles for every member named, and the new rights apply at once", async () => {
      const one = await api.signIn(cast.m1);
      const before = (await rolesOf(cast.m1)).length;
      const added = await assign({ userIDs: ids(cast.m1, cast.m2, cast.m1), addRoleIDs: [moderatorRole] }, admin);
      expect(added.statusCode, added.body).toBe(204);
      expect(added.body).toBe("");
      expect(await rolesOf(cast.m1)).toContain(moderatorRole);
      expect(await rolesOf(cast.m2)).toContain(moderatorRole);
      expect(await rolesOf(cast.m1)).toHaveLength(before + 1);
      const me = (await api.get("/api/v2/users/me", { as: one })).json<Me>();
      expect(me.permissions).toContain("community.moderate");
      const user = (await api.get(`/api/v2/users/${cast.m2.userID}`, { as: admin })).json<User>();
      expect(user.roles.map((role) => role.name)).toEqual(["Member", "Moderator"]);

      // Adding again changes nothing; removing takes it from both.
      expect((await assign({ userIDs: ids(cast.m1), addRoleIDs: [moderatorRole] }, admin)).statusCode).toBe(204);
      expect(await rolesOf(cast.m1)).toHaveLength(before + 1);
      const removed = await assign({ userIDs: ids(cast.m1, cast.m2), removeRoleIDs: [moderatorRole] }, editor);
      expect(removed.statusCode, removed.body).toBe(204);
      expect(await rolesOf(cast.m1)).not.toContain(moderatorRole);
      expect(await rolesOf(cast.m2)).not.toContain(moderatorRole);
      expect((await api.get("/api/v2/users/me", { as: one })).json<Me>().permissions).not.toContain(
        "community.moderate",
      );
    });

    it("refuses bad bodies, writing nothing", async () => {
      const before = [await rolesOf(cast.m1), await rolesOf(cast.m2)];
      const tooMany = Array.from({ length: userRules.bulkMaxUsers + 1 }, (_, index) => index + 1);
      for (const [body, field] of [
        [{ userIDs: [], addRoleIDs: [moderatorRole] }, "userIDs"],
        [{ addRoleIDs: [moderatorRole] }, "userIDs"],
        [{ userIDs: tooMany, addRoleIDs: [moderatorRole] }, "userIDs"],
        [{ userIDs: ["one"], addRoleIDs: [moderatorRole] }, "userIDs"],
        [{ userIDs: ids(cast.m1) }, "addRoleIDs"],
        [{ userIDs: ids(cast.m1), addRoleIDs: [], removeRoleIDs: [] }, "addRoleIDs"],
        [{ userIDs: ids(cast.m1), addRoleIDs: [999_999] }, "addRoleIDs"],
        [{ userIDs: ids(cast.m1), removeRoleIDs: [999_998] }, "removeRoleIDs"],
        [{ userIDs: ids(cast.m1), addRoleIDs: [moderatorRole], removeRoleIDs: [moderatorRole] }, "removeRoleIDs"],
      ] as const) {
        const response = await assign(body, admin);
        expect([400, 422], JSON.stringify(body)).toContain(response.statusCode);
        // An item's error is the item's (`field` 0 under `path` userIDs).
        expect(
          fieldsOf(response.body).errors?.map((error) => error.path ?? error.field),
          JSON.stringify(body),
        ).toEqual([field]);
      }
      const unknown = await assign(
        { userIDs: [cast.m1.userID, 999_999, cast.gone.userID, 999_998], addRoleIDs: [moderatorRole] },
        admin,
      );
      expect(unknown.statusCode).toBe(400);
      const named = `No such user: ${[cast.gone.userID, 999_998, 999_999].sort((a, b) => a - b).join(", ")}.`;
      expect(fieldsOf(unknown.body)).toMatchObject({
        message: named,
        errors: [{ field: "userIDs", message: named }],
      });
      expect([await rolesOf(cast.m1), await rolesOf(cast.m2)]).toEqual(before);
    });

    it("is for users.edit only; the Administrator role and site managers only for a site manager", async () => {
      const body = { userIDs: ids(cast.m1), addRoleIDs: [moderatorRole] };
      for (const as of [member, moderator, null]) expect((await assign(body, as)).statusCode).toBe(403);

      const promote = await assign({ userIDs: ids(cast.m1), addRoleIDs: [administratorRole] }, editor);
      expect(promote.statusCode).toBe(403);
      expect(fieldsOf(promote.body).permissions).toEqual(["site.manage"]);

      // One site manager among the members refuses the whole action, naming them.
      const mixed = await assign({ userIDs: ids(cast.m1, cast.boss, cast.m2), addRoleIDs: [moderatorRole] }, editor);
      expect(mixed.statusCode).toBe(403);
      expect(fieldsOf(mixed.body)).toMatchObject({
        message: "Permission Problem",
        description: `Only site managers may change site managers: ${cast.boss.userID}.`,
        errors: [{ field: "userIDs" }],
      });
      expect(await rolesOf(cast.m1)).not.toContain(moderatorRole);
      expect(await rolesOf(cast.boss)).not.toContain(moderatorRole);

      // A site manager may do both.
      const byBoss = await assign({ userIDs: ids(cast.m1, cast.boss), addRoleIDs: [moderatorRole] }, boss);
      expect(byBoss.statusCode, byBoss.body).toBe(204);
      expect(await rolesOf(cast.boss)).toContain(moderatorRole);
      await assign({ userIDs: ids(cast.m1, cast.boss), removeRoleIDs: [moderatorRole] }, boss);
    });
  });

  describe("PATCH /users/bulk-ban", () => {
    it("bans several members with one reason and end: each is refused from then on; unbanning lets them in", async () => {
      const three = await api.signIn(cast.m3);
      const ends = new Date(Math.floor(t.clock.now().getTime() / 1000) * 1000 + 7 * DAY).toISOString();
      const response = await ban(
        { userIDs: ids(cast.m3, cast.m4), banned: true, reason: "Spam ring.", dateBanExpires: ends },
        moderator,
      );
      expect(response.statusCode, response.body).toBe(204);
      for (const user of [cast.m3, cast.m4]) {
        expect(await stored(user)).toMatchObject({
          banned: 1,
          banReason: "Spam ring.",
          dateBanExpires: ends,
          banInsertUserID: cast.moderator.userID,
        });
      }
      const refused = await api.get("/api/v2/discussions", { as: three });
      expect([refused.statusCode, refused.json<ErrorBody>().message]).toEqual([401, "You are banned."]);

      expect((await ban({ userIDs: ids(cast.m3, cast.m4), banned: false }, editor)).statusCode).toBe(204);
      for (const user of [cast.m3, cast.m4])
        expect(await stored(user)).toMatchObject({ banned: 0, banReason: null, dateBanExpires: null });
      expect((await api.get("/api/v2/discussions", { as: three })).statusCode).toBe(200);
    });

    it("refuses oneself, administrators, site managers for others, bad ends and unknown members, banning no one", async () => {
      const past = new Date(t.clock.now().getTime() - 1000).toISOString();
      const cases: Array<[unknown, Session, number, string]> = [
        [{ userIDs: ids(cast.m3, cast.moderator), banned: true }, moderator, 400, "You cannot ban yourself"],
        [
          { userIDs: [cast.m3.userID, admin.userID], banned: true },
          boss,
          403,
          `Administrators cannot be banned: ${admin.userID}.`,
        ],
        [{ userIDs: ids(cast.m3, cast.boss), banned: true }, moderator, 403, "Permission Problem"],
        [{ userIDs: ids(cast.m3), banned: true, dateBanExpires: past }, moderator, 400, "Validation Failed"],
        [{ userIDs: [cast.m3.userID, 999_999], banned: true }, moderator, 400, "No such user: 999999."],
        [{ userIDs: ids(cast.m3) }, moderator, 400, ""],
        [{ userIDs: [], banned: true }, moderator, 400, ""],
      ];
      for (const [body, as, status, message] of cases) {
        const response = await ban(body, as);
        expect([status, ...(status === 400 ? [422] : [])], JSON.stringify(body)).toContain(response.statusCode);
        expect(fieldsOf(response.body).message).toContain(message);
      }
      for (const as of [member, null])
        expect((await ban({ userIDs: ids(cast.m3), banned: true }, as)).statusCode).toBe(403);
      for (const user of [cast.m3, cast.boss]) expect((await stored(user)).banned).toBe(0);
    });
  });

  describe("POST /users/bulk-delete", () => {
    it("deletes several members in one go, doing with their posts as asked", async () => {
      const [five, six] = [await api.signIn(cast.m5), await api.signIn(cast.m6)];
      const kept = await postDiscussion(api, five, { categoryID, name: "Five's, kept" });
      const dropped = await postDiscussion(api, six, { categoryID, name: "Six's, dropped" });
      const response = await remove({ userIDs: ids(cast.m5), deleteMethod: "keep" }, editor);
      expect(response.statusCode, response.body).toBe(204);
      const both = await remove({ userIDs: ids(cast.m6, cast.m7), deleteMethod: "delete" }, editor);
      expect(both.statusCode, both.body).toBe(204);
      for (const user of [cast.m5, cast.m6, cast.m7]) expect((await stored(user)).deleted).toBe(1);
      expect(await rolesOf(cast.m6)).toEqual([]);
      expect((await api.get("/api/v2/users/me", { as: six })).json<Me>().userID).toBe(0);
      expect((await api.get(`/api/v2/discussions/${kept.discussionID}`, { as: admin })).statusCode).toBe(200);
      expect((await api.get(`/api/v2/discussions/${dropped.discussionID}`, { as: admin })).statusCode).toBe(410);
      // Deleted members are no longer there to delete.
      expect((await remove({ userIDs: ids(cast.m5) }, editor)).statusCode).toBe(400);
    });

    it("refuses oneself, site managers for others, users.delete's absence and bad bodies, deleting no one", async () => {
      const cases: Array<[unknown, Session | null, number[]]> = [
        [{ userIDs: ids(cast.m1, cast.editor) }, editor, [400]],
        [{ userIDs: ids(cast.m1, cast.boss) }, editor, [403]],
        [{ userIDs: ids(cast.m1) }, moderator, [403]],
        [{ userIDs: ids(cast.m1) }, member, [403]],
        [{ userIDs: ids(cast.m1) }, null, [403]],
        [{ userIDs: [cast.m1.userID, 999_999] }, editor, [400]],
        [{ userIDs: ids(cast.m1), deleteMethod: "shred" }, editor, [400, 422]],
        [{ userIDs: [] }, editor, [400, 422]],
      ];
      for (const [body, as, statuses] of cases) {
        expect(statuses, JSON.stringify(body)).toContain((await remove(body, as)).statusCode);
      }
      for (const user of [cast.m1, cast.boss, cast.editor]) expect((await stored(user)).deleted).toBe(0);
      expect(await rolesOf(cast.boss)).toContain(administratorRole);
    });
  });

  it("leaks nothing", () => {
    expectNoLeaks(api.records);
  });
});

describe.each(engines)("the last site manager on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"first" | "second" | "member", TestUser>;
  let first: Session;
  let administratorRole: number;
  let memberRole: number;

  beforeAll(async () => {
    // No admin flag anywhere: the Administrator role is all that makes a site manager here.
    t = await createTestApp(engine);
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      first: { name: "First", role: ["member", "administrator"], isAdmin: false },
      second: { name: "Second", role: ["member", "administrator"], isAdmin: false },
      member: { name: "Member", role: "member" },
    });
    first = await api.signIn(cast.first);
    administratorRole = await roleIDOfType(t.database.db, "administrator");
    memberRole = await roleIDOfType(t.database.db, "member");
  });
  afterAll(async () => {
    await t?.close();
  });

  const holders = async () =>
    (
      await t.database.db
        .selectFrom("userRoles")
        .select("userID")
        .where("roleID", "=", administratorRole)
        .orderBy("userID")
        .execute()
    ).map((row) => row.userID);

  it("refuses (409) a bulk action that would leave no one with site.manage, and changes no one", async () => {
    const everyone = [cast.first.userID, cast.second.userID].sort((a, b) => a - b);
    const strip = await api.patch(
      "/api/v2/users/bulk-role-assignment",
      { userIDs: everyone, removeRoleIDs: [administratorRole] },
      { as: first },
    );
    expect(strip.statusCode).toBe(409);
    expect(strip.json<ErrorBody>().message).toBe("At least one member must keep the site.manage permission.");
    expect(await holders()).toEqual(everyone);

    const ban = await api.patch(
      "/api/v2/users/bulk-ban",
      { userIDs: [cast.second.userID], banned: true },
      { as: first },
    );
    expect(ban.statusCode, ban.body).toBe(204);
    // With the second banned, the first is the last: neither the bulk action nor an edit may strip them.
    expect(
      (
        await api.patch(
          "/api/v2/users/bulk-role-assignment",
          { userIDs: [cast.first.userID, cast.member.userID], removeRoleIDs: [administratorRole] },
          { as: first },
        )
      ).statusCode,
    ).toBe(409);
    const edit = await api.patch(`/api/v2/users/${cast.first.userID}`, { roleID: [memberRole] }, { as: first });
    expect(edit.statusCode).toBe(409);
    expect(await holders()).toEqual(everyone);
    expect((await api.get("/api/v2/users/me", { as: first })).json<Me>().permissions).toContain("site.manage");

    // Once another holds it, the first may step down.
    await api.patch("/api/v2/users/bulk-ban", { userIDs: [cast.second.userID], banned: false }, { as: first });
    const stepDown = await api.patch(
      "/api/v2/users/bulk-role-assignment",
      { userIDs: [cast.first.userID], removeRoleIDs: [administratorRole] },
      { as: first },
    );
    expect(stepDown.statusCode, stepDown.body).toBe(204);
    expect(await holders()).toEqual([cast.second.userID]);
  });
});
