import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category, CategoryTreeItem, PermissionFragment, Role, UserPermissions } from "@parley/contracts";
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

/** `Static` cannot follow the fragments' `$ref`. */
type RoleWithGrants = Omit<Role, "permissions"> & { permissions?: PermissionFragment[] };

/** Every category name in a tree, depth first. */
const namesIn = (items: CategoryTreeItem[]): string[] =>
  items.flatMap((item) => [item.name, ...namesIn(item.children ?? [])]);

describe.each(engines)("a category with its own permissions on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"member" | "moderator", TestUser>;
  let member: Session;
  let moderator: Session;
  let admin: Session;
  const ids = { help: 0, installation: 0, troubleshooting: 0, general: 0 };

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true });
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      member: { name: "Cat Member", role: "member" },
      moderator: { name: "Cat Moderator", role: "moderator" },
    });
    [member, moderator, admin] = await Promise.all([
      api.signIn(cast.member),
      api.signIn(cast.moderator),
      api.signIn(seededAdmin),
    ]);
    for (const code of Object.keys(ids) as Array<keyof typeof ids>) {
      ids[code] = (await api.get(`/api/v2/categories/$urlcode:${code}`)).json<Category>().categoryID;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const visibleTo = async (as: Session | null) => {
    const response = await api.get("/api/v2/categories", { as });
    expect(response.statusCode).toBe(200);
    return namesIn(response.json<CategoryTreeItem[]>());
  };
  const grant = (roleID: number, view: boolean) =>
    api.patch(
      `/api/v2/roles/${roleID}`,
      { permissions: [{ type: "category", id: ids.help, permissions: { "discussions.view": view } }] },
      { as: admin },
    );
  const junctionsOf = async (as: Session | null) => {
    const permissions = (
      await api.get("/api/v2/users/$me/permissions?expand=junctions", { as })
    ).json<UserPermissions>();
    // The demo groups' categories have their own permissions too (the groups compute them): left out here.
    const groups = new Set(
      (await t.database.db.selectFrom("groups").select("categoryID").execute()).map((row) => row.categoryID),
    );
    expect(groups.size).toBe(3);
    const category = (permissions.junctions?.["category"] ?? []).filter((id) => !groups.has(id));
    return { ...permissions, junctions: { ...permissions.junctions, category } };
  };

  it("shows Help & Support and its children to everyone while it inherits the global grants", async () => {
    for (const as of [null, member, moderator, admin]) {
      expect(await visibleTo(as)).toEqual(
        expect.arrayContaining(["Help & Support", "Installation", "Troubleshooting"]),
      );
    }
    expect((await junctionsOf(member)).junctions).toEqual({ category: [] });
  });

  it("only lets site managers change a role's category grants", async () => {
    const memberRole = await roleIDOfType(t.database.db, "member");
    const response = await api.patch(
      `/api/v2/roles/${memberRole}`,
      { permissions: [{ type: "category", id: ids.help, permissions: { "discussions.view": false } }] },
      { as: moderator },
    );
    expect(response.statusCode).toBe(403);
    expect(await visibleTo(member)).toContain("Help & Support");
  });

  it("hides the category and its inheriting children from guests and members once their roles lose discussions.view there", async () => {
    const guestRole = await roleIDOfType(t.database.db, "guest");
    const memberRole = await roleIDOfType(t.database.db, "member");
    const moderatorRole = await roleIDOfType(t.database.db, "moderator");
    const patched = await grant(memberRole, false);
    expect(patched.statusCode).toBe(200);
    // Nothing is granted there: the role has no fragment for the category, which is now a junction.
    expect(patched.json<RoleWithGrants>().permissions?.map((fragment) => fragment.id)).toEqual([null]);
    expect((await grant(guestRole, false)).statusCode).toBe(200);
    const moderatorGrant = await grant(moderatorRole, true);
    expect(moderatorGrant.json<RoleWithGrants>().permissions).toEqual(
      expect.arrayContaining([{ type: "category", id: ids.help, permissions: { "discussions.view": true } }]),
    );

    for (const as of [null, member]) {
      const names = await visibleTo(as);
      expect(names).not.toContain("Help & Support");
      expect(names).not.toContain("Installation");
      expect(names).not.toContain("Troubleshooting");
      expect(names).toEqual(expect.arrayContaining(["Announcements", "General Discussion", "Off Topic"]));
    }
    for (const as of [moderator, admin]) {
      expect(await visibleTo(as)).toEqual(
        expect.arrayContaining(["Help & Support", "Installation", "Troubleshooting"]),
      );
    }
    const help = (await api.get("/api/v2/categories/$urlcode:help", { as: admin })).json<Category>();
    expect(help.customPermissions).toBe(true);
  });

  it("answers 403 Permission Problem for the category and its children, to members and guests", async () => {
    for (const id of [ids.help, ids.installation, ids.troubleshooting]) {
      for (const as of [member, null]) {
        const response = await api.get(`/api/v2/categories/${id}`, { as });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          message: "Permission Problem",
          status: 403,
          description: "You need the discussions.view permission to do that.",
          permissions: ["discussions.view"],
        });
      }
      expect((await api.get(`/api/v2/categories/${id}`, { as: moderator })).statusCode).toBe(200);
      expect((await api.get(`/api/v2/categories/${id}`, { as: admin })).statusCode).toBe(200);
    }
    expect((await api.get(`/api/v2/categories?parentCategoryID=${ids.help}`, { as: member })).statusCode).toBe(403);
    const children = await api.get(`/api/v2/categories?parentCategoryID=${ids.help}`, { as: moderator });
    expect(namesIn(children.json<CategoryTreeItem[]>())).toEqual(["Installation", "Troubleshooting"]);
    expect((await api.get(`/api/v2/categories/${ids.general}`, { as: member })).statusCode).toBe(200);
  });

  it("lists the category in junctions and its children in junctionAliases", async () => {
    const aliases = { [String(ids.installation)]: ids.help, [String(ids.troubleshooting)]: ids.help };
    const forMember = await junctionsOf(member);
    expect(forMember.junctions).toEqual({ category: [ids.help] });
    expect(forMember.junctionAliases).toEqual({ category: aliases });
    expect(forMember.permissions[0]).toMatchObject({ type: "global", id: null });
    expect(forMember.permissions[0]!.permissions["discussions.view"]).toBe(true);
    expect(forMember.permissions.find((fragment) => fragment.id === ids.help)).toBeUndefined();

    const forModerator = await junctionsOf(moderator);
    expect(forModerator.junctions).toEqual({ category: [ids.help] });
    expect(forModerator.junctionAliases).toEqual({ category: aliases });
    expect(forModerator.permissions).toContainEqual({
      type: "category",
      id: ids.help,
      permissions: { "discussions.view": true },
    });
    expect((await junctionsOf(null)).junctions).toEqual({ category: [ids.help] });
  });

  it("gives the category back to members when their role is granted discussions.view there", async () => {
    expect((await grant(await roleIDOfType(t.database.db, "member"), true)).statusCode).toBe(200);
    expect(await visibleTo(member)).toEqual(
      expect.arrayContaining(["Help & Support", "Installation", "Troubleshooting"]),
    );
    expect(await visibleTo(null)).not.toContain("Help & Support");
    expect((await api.get(`/api/v2/categories/${ids.installation}`, { as: member })).statusCode).toBe(200);
  });

  it("leaks nothing", () => {
    expectNoLeaks(api.records);
  });
});
