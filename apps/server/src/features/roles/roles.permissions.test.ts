import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Value } from "typebox/value";
import { PermissionFragment, type Me } from "@parley/contracts";
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

interface RoleRecord {
  roleID: number;
  name: string;
  description: string | null;
  permissions?: PermissionFragment[];
}
interface ErrorAnswer {
  message: string;
  description?: string;
  errors?: Array<{ field: string; path?: string; message: string }>;
}

describe.each(engines)("a role's permissions, and the roles' bad input, on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"member" | "moderator", TestUser>;
  let member: Session;
  let moderator: Session;
  let admin: Session;
  let category: number;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true });
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      member: { name: "Perry", role: "member" },
      moderator: { name: "Pia", role: "moderator" },
    });
    [member, moderator, admin] = await Promise.all([
      api.signIn(cast.member),
      api.signIn(cast.moderator),
      api.signIn(seededAdmin),
    ]);
    const row = await t.database.db
      .selectFrom("categories")
      .select("categoryID")
      .where("categoryID", ">", 0)
      .orderBy("categoryID")
      .executeTakeFirstOrThrow();
    category = row.categoryID;
  });
  afterAll(async () => {
    await t?.close();
  });

  const roleID = async (name: string) => (await api.get(`/api/v2/roles/$name:${name}`)).json<RoleRecord>().roleID;
  const fragmentsOf = async (id: number) =>
    (await api.get(`/api/v2/roles/${id}/permissions`, { as: admin })).json<PermissionFragment[]>();
  const global = (permissions: Record<string, boolean>) => ({ type: "global", id: null, permissions });
  const inCategory = (id: number, permissions: Record<string, boolean>) => ({ type: "category", id, permissions });

  describe("GET, PATCH and PUT /roles/{id}/permissions (site.manage)", () => {
    let helpers: number;

    beforeAll(async () => {
      const created = await api.post(
        "/api/v2/roles",
        { name: "Tag Helpers", permissions: [global({ "session.valid": true, "discussions.view": true })] },
        { as: admin },
      );
      expect(created.statusCode, created.body).toBe(201);
      helpers = created.json<RoleRecord>().roleID;
      await t.database.db.insertInto("userRoles").values({ userID: cast.member.userID, roleID: helpers }).execute();
    });

    it("refuses guests, members and moderators with 403; a role not there is 404", async () => {
      for (const as of [null, member, moderator]) {
        expect((await api.get(`/api/v2/roles/${helpers}/permissions`, { as })).statusCode).toBe(403);
        const patch = await api.patch(`/api/v2/roles/${helpers}/permissions`, [global({ "curation.manage": true })], {
          as,
        });
        expect(patch.statusCode).toBe(403);
        expect(patch.json()).toMatchObject({ permissions: ["site.manage"] });
        expect((await api.put(`/api/v2/roles/${helpers}/permissions`, [], { as })).statusCode).toBe(403);
      }
      expect((await api.get("/api/v2/roles/999999/permissions", { as: admin })).statusCode).toBe(404);
      expect((await api.patch("/api/v2/roles/999999/permissions", [], { as: admin })).statusCode).toBe(404);
      expect(await fragmentsOf(helpers)).toEqual([global({ "discussions.view": true, "session.valid": true })]);
    });

    it("answers the grants as fragments, by id or $name:", async () => {
      const response = await api.get("/api/v2/roles/$name:Moderator/permissions", { as: admin });
      expect(response.statusCode).toBe(200);
      const fragments = response.json<PermissionFragment[]>();
      expect(fragments.every((fragment) => Value.Check(PermissionFragment, fragment))).toBe(true);
      expect(fragments[0]).toMatchObject({ type: "global", id: null });
      expect(fragments[0]!.permissions).toMatchObject({ "community.moderate": true });
      expect(fragments[0]!.permissions["site.manage"]).toBeUndefined();
    });

    it("PATCH merges: true grants, false takes away, names not given stay; holders gain them at once", async () => {
      const before = (await api.get("/api/v2/users/me", { as: member })).json<Me>().permissions;
      expect(before).not.toContain("curation.manage");
      const response = await api.patch(
        `/api/v2/roles/${helpers}/permissions`,
        [
          global({ "curation.manage": true, "discussions.view": false }),
          inCategory(category, { "discussions.add": true }),
        ],
        { as: admin },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual([
        global({ "session.valid": true, "curation.manage": true }),
        inCategory(category, { "discussions.add": true }),
      ]);
      expect(await fragmentsOf(helpers)).toEqual(response.json());
      expect((await api.get("/api/v2/users/me", { as: member })).json<Me>().permissions).toContain("curation.manage");

      // A second merge into the category keeps what the first gave there.
      await api.patch(`/api/v2/roles/${helpers}/permissions`, [inCategory(category, { "comments.add": true })], {
        as: admin,
      });
      expect((await fragmentsOf(helpers))[1]).toEqual(
        inCategory(category, { "comments.add": true, "discussions.add": true }),
      );
    });

    it("PUT replaces every grant, categories included", async () => {
      const response = await api.put(
        `/api/v2/roles/${helpers}/permissions`,
        [global({ "session.valid": true, "discussions.view": true, "flag.add": false })],
        { as: admin },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual([global({ "discussions.view": true, "session.valid": true })]);
      expect((await api.get("/api/v2/users/me", { as: member })).json<Me>().permissions).not.toContain(
        "curation.manage",
      );
    });

    it("refuses unknown names, global-only names per category and unknown categories, writing nothing", async () => {
      const before = await fragmentsOf(helpers);
      for (const method of ["patch", "put"] as const) {
        const response = await api[method](
          `/api/v2/roles/${helpers}/permissions`,
          [
            global({ "curation.manage": true, "discussions.fly": true }),
            inCategory(category, { "site.manage": true }),
            inCategory(999999, { "discussions.view": true }),
          ],
          { as: admin },
        );
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorAnswer>().errors).toEqual([
          expect.objectContaining({
            field: "permissions",
            path: "permissions[0]",
            message: "discussions.fly is not a valid global permission.",
          }),
          expect.objectContaining({
            field: "permissions",
            path: "permissions[1]",
            message: "site.manage is not a valid category permission.",
          }),
          expect.objectContaining({ field: "id", path: "permissions[2]", message: "The category does not exist." }),
        ]);
      }
      const notAList = await api.patch(`/api/v2/roles/${helpers}/permissions`, { type: "global" }, { as: admin });
      expect(notAList.statusCode).toBe(422);
      expect(await fragmentsOf(helpers)).toEqual(before);
    });
  });

  describe("names", () => {
    it("refuses an empty name, on POST and PATCH, beside the field", async () => {
      for (const name of ["", "   "]) {
        const created = await api.post("/api/v2/roles", { name }, { as: admin });
        expect(created.statusCode).toBe(400);
        expect(created.json<ErrorAnswer>().errors).toEqual([expect.objectContaining({ field: "name" })]);
        const patched = await api.patch(`/api/v2/roles/${await roleID("Member")}`, { name }, { as: admin });
        expect(patched.statusCode).toBe(400);
        expect(patched.json<ErrorAnswer>().errors).toEqual([expect.objectContaining({ field: "name" })]);
      }
      expect((await api.get(`/api/v2/roles/${await roleID("Member")}`)).json<RoleRecord>().name).toBe("Member");
    });

    it("refuses a name another role has (in any case) on PATCH, keeping its own", async () => {
      const id = await roleID("Tag Helpers");
      const taken = await api.patch(
        `/api/v2/roles/${id}`,
        { name: "moderator", description: "Changed" },
        { as: admin },
      );
      expect(taken.statusCode).toBe(400);
      expect(taken.json<ErrorAnswer>().errors).toEqual([
        expect.objectContaining({ field: "name", message: "A role with that name already exists." }),
      ]);
      expect((await api.get(`/api/v2/roles/${id}`)).json<RoleRecord>().description).toBeNull();
      const same = await api.patch(`/api/v2/roles/${id}`, { name: "TAG HELPERS" }, { as: admin });
      expect(same.statusCode).toBe(200);
      expect(same.json<RoleRecord>().name).toBe("TAG HELPERS");
    });
  });

  describe("the last role with site.manage", () => {
    it("cannot lose it, by any write, and nothing of the refused write stays", async () => {
      const administrator = await roleID("Administrator");
      const refusals = [
        await api.patch(`/api/v2/roles/${administrator}/permissions`, [global({ "site.manage": false })], {
          as: admin,
        }),
        await api.put(`/api/v2/roles/${administrator}/permissions`, [global({ "users.edit": true })], { as: admin }),
        await api.patch(
          `/api/v2/roles/${administrator}`,
          { description: "Half-written?", permissions: [global({ "users.edit": true })] },
          { as: admin },
        ),
      ];
      for (const response of refusals) {
        expect(response.statusCode).toBe(409);
        expect(response.json<ErrorAnswer>().message).toBe("At least one role must keep the site.manage permission.");
      }
      expect((await fragmentsOf(administrator))[0]!.permissions).toMatchObject({ "site.manage": true });
      expect((await api.get(`/api/v2/roles/${administrator}`)).json<RoleRecord>().description).not.toBe(
        "Half-written?",
      );
    });

    it("may move to another role; that role then cannot be deleted while it is the last one", async () => {
      const administrator = await roleID("Administrator");
      const created = await api.post(
        "/api/v2/roles",
        { name: "Owners", permissions: [global({ "site.manage": true })] },
        { as: admin },
      );
      const owners = created.json<RoleRecord>().roleID;
      const moved = await api.patch(`/api/v2/roles/${administrator}/permissions`, [global({ "site.manage": false })], {
        as: admin,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const deleted = await api.delete(`/api/v2/roles/${owners}`, { as: admin });
      expect(deleted.statusCode).toBe(409);
      expect((await api.get(`/api/v2/roles/${owners}`)).statusCode).toBe(200);

      await api.patch(`/api/v2/roles/${administrator}/permissions`, [global({ "site.manage": true })], { as: admin });
      expect((await api.delete(`/api/v2/roles/${owners}`, { as: admin })).statusCode).toBe(204);
    });
  });

  it("leaks nothing", () => {
    expectNoLeaks(api.records);
  });
});
