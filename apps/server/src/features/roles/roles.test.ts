import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Value } from "typebox/value";
import { PermissionFragment, Role, type Me, type UserPermissions } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  createApi,
  createCast,
  expectNoLeaks,
  seededAdmin,
  type Api,
  type Session,
  type TestUser,
} from "../../test/accounts.ts";

/** `Static` cannot follow the fragments' `$ref`. */
type RoleRecord = Omit<Role, "permissions"> & { permissions?: PermissionFragment[] };

const sitemanage403 = {
  message: "Permission Problem",
  status: 403,
  description: "You need the site.manage permission to do that.",
  permissions: ["site.manage"],
};

describe.each(engines)("roles and permissions on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"member" | "moderator" | "banned", TestUser>;
  let member: Session;
  let moderator: Session;
  let banned: Session;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true });
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      member: { name: "Rolf", role: "member" },
      moderator: { name: "Rhoda", role: "moderator" },
      banned: { name: "Rex", role: "member" },
    });
    [member, moderator, banned, admin] = await Promise.all([
      api.signIn(cast.member),
      api.signIn(cast.moderator),
      api.signIn(cast.banned),
      api.signIn(seededAdmin),
    ]);
    await t.database.db.updateTable("users").set({ banned: 1 }).where("userID", "=", cast.banned.userID).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The demo groups' categories: each has its own permissions, which the groups compute per viewer. */
  const groupCategories = async () =>
    (await t.database.db.selectFrom("groups").select(["categoryID", "privacy"]).orderBy("categoryID").execute()).map(
      (row) => ({ categoryID: row.categoryID, privacy: row.privacy }),
    );
  const roleID = async (name: string) => (await api.get(`/api/v2/roles/$name:${name}`)).json<RoleRecord>().roleID;

  describe("GET /roles", () => {
    it("lists the default roles to anyone, without their grants", async () => {
      const response = await api.get("/api/v2/roles");
      expect(response.statusCode).toBe(200);
      const roles = response.json<RoleRecord[]>();
      expect(roles.map((role) => [role.name, role.type, role.deletable, role.personalInfo])).toEqual([
        ["Guest", "guest", false, false],
        ["Unconfirmed", "unconfirmed", false, false],
        ["Applicant", "applicant", false, false],
        ["Member", "member", false, false],
        ["Moderator", "moderator", false, true],
        ["Administrator", "administrator", false, true],
      ]);
      expect(roles.every((role) => Value.Check(Role, role) && role.permissions === undefined)).toBe(true);
      expect(response.headers["x-app-page-current"]).toBeUndefined();
    });

    it("shows grants (expand=permissions) only to site managers", async () => {
      for (const as of [null, member, moderator]) {
        const response = await api.get("/api/v2/roles?expand=permissions", { as });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(sitemanage403);
      }
      const response = await api.get("/api/v2/roles?expand[]=permissions", { as: admin });
      expect(response.statusCode).toBe(200);
      const roles = response.json<RoleRecord[]>();
      const byName = Object.fromEntries(roles.map((role) => [role.name, role.permissions!]));
      expect(byName["Guest"]).toEqual([
        {
          type: "global",
          id: null,
          permissions: { "discussions.view": true, "kb.view": true, "profiles.view": true },
        },
      ]);
      expect(byName["Applicant"]).toEqual([{ type: "global", id: null, permissions: { "kb.view": true } }]);
      const moderatorGrants = byName["Moderator"]![0]!.permissions;
      expect(moderatorGrants).toMatchObject({
        "community.moderate": true,
        "discussions.moderate": true,
        "discussions.manage": true,
      });
      expect(moderatorGrants["site.manage"]).toBeUndefined();
      expect(Object.keys(moderatorGrants)).toEqual(Object.keys(moderatorGrants).sort());
    });

    it("gets one role by id or $name:, with grants for site managers only", async () => {
      const id = await roleID("moderator");
      const plain = await api.get(`/api/v2/roles/${id}`, { as: member });
      expect(plain.json<RoleRecord>()).toMatchObject({ roleID: id, name: "Moderator" });
      expect((await api.get(`/api/v2/roles/${id}?expand=permissions`, { as: member })).statusCode).toBe(403);
      const expanded = await api.get(`/api/v2/roles/${id}?expand=permissions`, { as: admin });
      expect(expanded.json<RoleRecord>().permissions?.[0]).toMatchObject({ type: "global", id: null });
      expect((await api.get("/api/v2/roles/999999")).json()).toMatchObject({ status: 404, message: "Role not found." });
    });
  });

  describe("POST, PATCH and DELETE /roles (site.manage)", () => {
    const newRole = {
      name: "Helpers",
      description: "Answer questions.",
      type: "member",
      permissions: [
        {
          type: "global",
          id: null,
          permissions: { "session.valid": true, "discussions.view": true, "site.manage": false },
        },
      ],
    };

    it("refuses members, moderators and guests with 403, banned members with 401", async () => {
      for (const as of [null, member, moderator]) {
        const response = await api.post("/api/v2/roles", newRole, { as });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(sitemanage403);
        expect(
          (await api.patch(`/api/v2/roles/${await roleID("Member")}`, { name: "Members" }, { as })).statusCode,
        ).toBe(403);
      }
      const response = await api.post("/api/v2/roles", newRole, { as: banned });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: "You are banned." });
    });

    it("creates a role with its grants (only granted names are kept)", async () => {
      const response = await api.post("/api/v2/roles", newRole, { as: admin });
      expect(response.statusCode).toBe(201);
      const role = response.json<RoleRecord>();
      const { permissions, ...fields } = role;
      expect(Value.Check(Role, fields)).toBe(true);
      expect(permissions?.every((fragment) => Value.Check(PermissionFragment, fragment))).toBe(true);
      expect(role).toMatchObject({
        name: "Helpers",
        type: "member",
        deletable: true,
        canSession: true,
        personalInfo: false,
      });
      expect(role.permissions).toEqual([
        { type: "global", id: null, permissions: { "discussions.view": true, "session.valid": true } },
      ]);
      const taken = await api.post("/api/v2/roles", { ...newRole, name: "HELPERS" }, { as: admin });
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toMatchObject({
        errors: [{ field: "name", message: "A role with that name already exists." }],
      });
    });

    it("rejects unknown permission names, global names given per category, and unknown categories", async () => {
      const response = await api.post(
        "/api/v2/roles",
        {
          name: "Broken",
          permissions: [
            { type: "global", permissions: { "discussions.fly": true } },
            { type: "category", id: 999999, permissions: { "site.manage": true } },
          ],
        },
        { as: admin },
      );
      expect(response.statusCode).toBe(400);
      const { errors } = response.json<{ errors: Array<{ field: string; path: string; message: string }> }>();
      expect(errors).toEqual([
        expect.objectContaining({
          field: "permissions",
          path: "permissions[0]",
          message: "discussions.fly is not a valid global permission.",
        }),
        expect.objectContaining({ field: "id", path: "permissions[1]", message: "The category does not exist." }),
        expect.objectContaining({
          field: "permissions",
          path: "permissions[1]",
          message: "site.manage is not a valid category permission.",
        }),
      ]);
      expect((await api.get("/api/v2/roles/$name:Broken")).statusCode).toBe(404);
    });

    it("applies changed global grants at once to every holder of the role", async () => {
      const memberRole = await roleID("Member");
      const before = (await api.get("/api/v2/users/me", { as: member })).json<Me>().permissions;
      expect(before).not.toContain("noAds.use");
      const response = await api.patch(
        `/api/v2/roles/${memberRole}`,
        {
          permissions: [
            { type: "global", permissions: Object.fromEntries([...before, "noAds.use"].map((name) => [name, true])) },
          ],
        },
        { as: admin },
      );
      expect(response.statusCode).toBe(200);
      expect((await api.get("/api/v2/users/me", { as: member })).json<Me>().permissions).toEqual(
        [...before, "noAds.use"].sort(),
      );
    });

    it("deletes custom roles only", async () => {
      const member403 = await api.delete(`/api/v2/roles/${await roleID("Helpers")}`, { as: member });
      expect(member403.statusCode).toBe(403);
      const builtIn = await api.delete(`/api/v2/roles/${await roleID("Member")}`, { as: admin });
      expect(builtIn.statusCode).toBe(409);
      expect(builtIn.json()).toMatchObject({ message: "This role cannot be deleted." });
      const custom = await api.delete(`/api/v2/roles/${await roleID("Helpers")}`, { as: admin });
      expect(custom.statusCode).toBe(204);
      expect((await api.get("/api/v2/roles/$name:Helpers")).statusCode).toBe(404);
    });
  });

  describe("members of a role", () => {
    const roleIDsOf = async (userID: number) =>
      (await t.database.db.selectFrom("userRoles").select("roleID").where("userID", "=", userID).execute()).map(
        (row) => row.roleID,
      );
    const counts = async () =>
      new Map(
        (await api.get("/api/v2/roles?expand=countUsers", { as: admin }))
          .json<RoleRecord[]>()
          .map((role) => [role.name, role.countUsers]),
      );

    it("counts each role's members (expand=countUsers) for site managers only, deleted accounts aside", async () => {
      const before = await counts();
      const extra = await createCast(t.database.db, { gone: { name: "Rolecounted", role: "member" } });
      expect((await counts()).get("Member")).toBe(before.get("Member")! + 1);
      await t.database.db.updateTable("users").set({ deleted: 1 }).where("userID", "=", extra.gone.userID).execute();
      expect((await counts()).get("Member")).toBe(before.get("Member"));
      const memberRole = await roleID("Member");
      const direct = memberRole
        ? (await api.get(`/api/v2/roles/${memberRole}?expand=countUsers`, { as: admin })).json<RoleRecord>()
        : undefined;
      expect(direct?.countUsers).toBe(before.get("Member"));
      // `all` carries both; without the expand there is no count.
      const all = (await api.get("/api/v2/roles?expand=all", { as: admin })).json<RoleRecord[]>()[0]!;
      expect([typeof all.countUsers, Array.isArray(all.permissions)]).toEqual(["number", true]);
      expect((await api.get("/api/v2/roles", { as: admin })).json<RoleRecord[]>()[0]!.countUsers).toBeUndefined();
      for (const who of [member, moderator])
        expect((await api.get("/api/v2/roles?expand=countUsers", { as: who })).statusCode).toBe(403);
      expect((await api.get("/api/v2/roles?expand=countUsers")).statusCode).toBe(403);
    });

    it("hands a deleted role's members to the replacement role in the same transaction", async () => {
      const made = await api.post("/api/v2/roles", { name: "Greeters", permissions: [] }, { as: admin });
      const greeters = made.json<RoleRecord>().roleID;
      const helpersTwo = (
        await api.post("/api/v2/roles", { name: "Ushers", permissions: [] }, { as: admin })
      ).json<RoleRecord>().roleID;
      const cast2 = await createCast(t.database.db, {
        one: { name: "Rolehandover1", role: "member" },
        two: { name: "Rolehandover2", role: "member" },
      });
      for (const user of [cast2.one, cast2.two])
        await t.database.db.insertInto("userRoles").values({ userID: user.userID, roleID: greeters }).execute();
      // Gus is an usher already: he keeps one row of it.
      await t.database.db.insertInto("userRoles").values({ userID: cast2.two.userID, roleID: helpersTwo }).execute();

      const refusals: Array<[string, number]> = [
        [`?replacementRoleID=${greeters}`, 400],
        ["?replacementRoleID=999999", 400],
        ["?replacementRoleID=abc", 422],
      ];
      for (const [query, status] of refusals) {
        const response = await api.delete(`/api/v2/roles/${greeters}${query}`, { as: admin });
        expect(response.statusCode, response.body).toBe(status);
        expect((await api.get(`/api/v2/roles/${greeters}`)).statusCode).toBe(200);
        expect((await roleIDsOf(cast2.one.userID)).sort()).toEqual([await roleID("Member"), greeters].sort());
      }
      expect(
        (await api.delete(`/api/v2/roles/${greeters}?replacementRoleID=${helpersTwo}`, { as: moderator })).statusCode,
      ).toBe(403);

      const deleted = await api.delete(`/api/v2/roles/${greeters}?replacementRoleID=${helpersTwo}`, { as: admin });
      expect(deleted.statusCode, deleted.body).toBe(204);
      const memberRole = await roleID("Member");
      expect((await roleIDsOf(cast2.one.userID)).sort()).toEqual([memberRole, helpersTwo].sort());
      expect((await roleIDsOf(cast2.two.userID)).sort()).toEqual([memberRole, helpersTwo].sort());
      expect((await counts()).get("Ushers")).toBe(2);
    });
  });

  describe("GET /users/{id}/permissions (reference §2.2)", () => {
    it("answers the member's own permissions: global fragment first (id null), junctions with expand", async () => {
      const plain = await api.get("/api/v2/users/$me/permissions", { as: member });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers["cache-control"]).toContain("no-cache");
      const body = plain.json<UserPermissions>();
      expect(body).toMatchObject({ isAdmin: false, isSysAdmin: false, isSuperAdmin: false });
      expect(body).not.toHaveProperty("junctions");
      expect(body).not.toHaveProperty("junctionAliases");
      const [global] = body.permissions;
      expect(global).toMatchObject({ type: "global", id: null });
      expect(global!.permissions).toMatchObject({ "session.valid": true, "discussions.view": true });
      expect(Object.keys(global!.permissions)).toEqual(Object.keys(global!.permissions).sort());

      const expanded = (
        await api.get("/api/v2/users/$me/permissions?expand=junctions", { as: member })
      ).json<UserPermissions>();
      // The demo groups' categories are the only ones with their own permissions.
      const junctions = (await groupCategories()).map((row) => row.categoryID);
      expect(junctions).toHaveLength(3);
      expect(expanded.junctions).toEqual({ category: junctions });
      expect(expanded.junctionAliases).toEqual({ category: {} });
      expect(expanded.permissions).toEqual(body.permissions);
      const all = (
        await api.get("/api/v2/users/$me/permissions?expand[0]=all", { as: member })
      ).json<UserPermissions>();
      expect(all.junctions).toEqual({ category: junctions });
    });

    it("answers a guest's own permissions for $me", async () => {
      const response = await api.get("/api/v2/users/$me/permissions?expand=junctions");
      expect(response.statusCode).toBe(200);
      const groups = await groupCategories();
      const publicGroup = groups.find((row) => row.privacy === "public")!.categoryID;
      expect(response.json()).toEqual({
        isAdmin: false,
        isSysAdmin: false,
        isSuperAdmin: false,
        permissions: [
          {
            type: "global",
            id: null,
            permissions: { "discussions.view": true, "kb.view": true, "profiles.view": true },
          },
          // The demo's public group: readable by whoever may view discussions.
          { type: "category", id: publicGroup, permissions: { "discussions.view": true } },
        ],
        junctions: { category: groups.map((row) => row.categoryID) },
        junctionAliases: { category: {} },
      });
    });

    it("marks admins, and shows other people's permissions only to user managers", async () => {
      const own = (await api.get("/api/v2/users/$me/permissions", { as: admin })).json<UserPermissions>();
      expect(own.isAdmin).toBe(true);
      for (const as of [null, member, moderator]) {
        const response = await api.get(`/api/v2/users/${admin.userID}/permissions`, { as });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({
          message: "Permission Problem",
          permissions: ["users.add", "users.edit", "users.delete"],
        });
      }
      const theirs = await api.get(`/api/v2/users/${cast.moderator.userID}/permissions`, { as: admin });
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json<UserPermissions>().permissions[0]!.permissions).toMatchObject({
        "community.moderate": true,
        "personalInfo.view": true,
      });
      const adminsOwn = await api.get(`/api/v2/users/${admin.userID}/permissions`, { as: admin });
      expect(adminsOwn.json<UserPermissions>().isAdmin).toBe(true);
    });

    it("answers a banned member 401", async () => {
      const response = await api.get(`/api/v2/users/${cast.member.userID}/permissions`, { as: banned });
      expect(response.statusCode).toBe(401);
    });
  });

  it("leaks nothing", () => {
    expectNoLeaks(api.records);
  });
});
