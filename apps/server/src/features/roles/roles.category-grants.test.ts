import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category, PermissionFragment, Role } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createApi, createCast, seededAdmin, type Api, type Session } from "../../test/accounts.ts";

type RoleRecord = Omit<Role, "permissions"> & { permissions?: PermissionFragment[] };

describe.each(engines)("the roles' grants in one category, set at once, on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let admin: Session;
  let moderator: Session;
  let roles: RoleRecord[];
  let category: Category;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true });
    api = createApi(t.app);
    const cast = await createCast(t.database.db, { moderator: { name: "Gail", role: "moderator" } });
    [admin, moderator] = await Promise.all([api.signIn(seededAdmin), api.signIn(cast.moderator)]);
    roles = (await api.get("/api/v2/roles", { as: admin })).json<RoleRecord[]>();
    const created = await api.post(
      "/api/v2/categories",
      { name: "Back Office", urlcode: "back-office" },
      { as: admin },
    );
    category = created.json<Category>();
  });
  afterAll(async () => {
    await t?.close();
  });

  const roleID = (name: string) => roles.find((role) => role.name === name)!.roleID;
  const put = (body: unknown, as: Session = admin, id = category.categoryID) =>
    api.put(`/api/v2/categories/${id}/permissions`, body, { as });
  const grantsIn = async (name: string) => {
    const role = (await api.get(`/api/v2/roles/${roleID(name)}?expand=permissions`, { as: admin })).json<RoleRecord>();
    const fragment = role.permissions?.find((f) => f.type === "category" && f.id === category.categoryID);
    return Object.keys(fragment?.permissions ?? {}).filter((key) => fragment?.permissions[key] === true);
  };

  it("refuses a bad list whole: an unknown role or permission is a 400 and nothing is written", async () => {
    const refused = await put({
      roles: [
        { roleID: roleID("Member"), permissions: { "discussions.view": true } },
        { roleID: 999_999, permissions: { "discussions.view": true } },
        { roleID: roleID("Guest"), permissions: { "site.manage": true } },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field)).toEqual([
      "roleID",
      "permissions",
    ]);
    expect(await grantsIn("Member")).toEqual([]);
    const after = (await api.get(`/api/v2/categories/${category.categoryID}`, { as: admin })).json<Category>();
    expect(after.customPermissions).toBe(false);
    expect((await put({ roles: [{ roleID: roleID("Member"), permissions: {} }] }, admin, 999_999)).statusCode).toBe(
      404,
    );
  });

  it("is site.manage's: a moderator is refused", async () => {
    const refused = await put(
      { roles: [{ roleID: roleID("Guest"), permissions: { "discussions.view": true } }] },
      moderator,
    );
    expect(refused.statusCode).toBe(403);
  });

  it("replaces every listed role's grants in one go: guests no longer see the category, members post in it", async () => {
    expect((await api.get(`/api/v2/categories/${category.categoryID}`)).statusCode).toBe(200);
    const response = await put({
      roles: [
        { roleID: roleID("Guest"), permissions: { "discussions.view": false } },
        {
          roleID: roleID("Member"),
          permissions: { "discussions.view": true, "discussions.add": true, "comments.add": true },
        },
        { roleID: roleID("Administrator"), permissions: { "discussions.view": true } },
      ],
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await grantsIn("Guest")).toEqual([]);
    expect((await grantsIn("Member")).sort()).toEqual(["comments.add", "discussions.add", "discussions.view"]);
    const after = (await api.get(`/api/v2/categories/${category.categoryID}`, { as: admin })).json<Category>();
    expect(after.customPermissions).toBe(true);
    expect((await api.get(`/api/v2/categories/${category.categoryID}`)).statusCode).not.toBe(200);
  });
});
