import { describe, expect, it } from "vitest";
import { Value } from "typebox/value";
import {
  categoryPermissionNames,
  checkPermission,
  consolidatedPermissions,
  describeMissingPermission,
  hasPermission,
  isPermissionName,
  knowledgeBasePermissionNames,
  permissionNames,
  permissionProblemBody,
  PermissionFragment,
  sharedPermissionSchemas,
  UserPermissions,
  withConsolidatedPermissions,
  type PermissionMap,
  type PermissionsState,
} from "./permissions.ts";

/**
 * A member: global defaults grant viewing and commenting; category 10 has custom permissions (may also edit comments,
 * may not add comments); category 11 inherits from 10 (alias); category 20 has custom permissions without any grant
 * for this user (so no fragment); category 30 has no custom permissions (inherits the global defaults).
 * Knowledge base 5 is a junction with kb.view.
 */
const member = (overrides: Partial<UserPermissions> = {}): UserPermissions => ({
  isAdmin: false,
  isSysAdmin: false,
  isSuperAdmin: false,
  permissions: [
    {
      type: "global",
      id: null,
      permissions: { "comments.add": true, "discussions.view": true, "session.valid": true, "staff.allow": true },
    },
    {
      type: "category",
      id: 10,
      permissions: { "comments.edit": true, "discussions.view": true, "discussions.moderate": null },
    },
    { type: "knowledgeBase", id: 5, permissions: { "kb.view": true } },
  ],
  junctions: { category: [10, 20], knowledgeBase: [5] },
  junctionAliases: { category: { "11": 10 } },
  ...overrides,
});

const loaded = (data: UserPermissions): PermissionsState => ({ status: "success", data });

describe("permission names", () => {
  it("lists each name once, including the spec §6 ones", () => {
    expect(new Set(permissionNames).size).toBe(permissionNames.length);
    for (const name of ["session.valid", "system.only", "reactions.positive.add", "discussions.closeOwn", "kb.view"]) {
      expect(permissionNames).toContain(name);
    }
  });

  it("marks the junction names as known names", () => {
    for (const name of [...categoryPermissionNames, ...knowledgeBasePermissionNames]) {
      expect(permissionNames).toContain(name);
    }
    expect(categoryPermissionNames).toHaveLength(15);
    expect(categoryPermissionNames).not.toContain("community.moderate");
    expect(categoryPermissionNames).not.toContain("discussions.closeOwn");
  });

  it("narrows strings with isPermissionName", () => {
    expect(isPermissionName("reactions.negative.add")).toBe(true);
    expect(isPermissionName("Vanilla.Discussions.View")).toBe(false);
    expect(isPermissionName("reactions.funny.add")).toBe(false);
  });

  it("consolidates only junction names from junction names", () => {
    for (const [name, parts] of Object.entries(consolidatedPermissions)) {
      expect(categoryPermissionNames).toContain(name);
      for (const part of parts) expect(categoryPermissionNames).toContain(part);
    }
  });
});

describe("withConsolidatedPermissions", () => {
  const parts = {
    "discussions.announce": true,
    "discussions.close": true,
    "discussions.sink": true,
    "discussions.delete": true,
    "discussions.edit": true,
  };

  it("is true when every part is true", () => {
    const map = withConsolidatedPermissions(parts);
    expect(map["discussions.moderate"]).toBe(true);
    expect(map["discussions.manage"]).toBe(true);
  });

  it("is false when no part is true", () => {
    const map = withConsolidatedPermissions({
      "discussions.announce": false,
      "discussions.close": false,
      "discussions.sink": false,
      "discussions.delete": false,
      "discussions.edit": false,
    });
    expect(map["discussions.moderate"]).toBe(false);
    expect(map["discussions.manage"]).toBe(false);
  });

  it("is null when the parts are mixed", () => {
    const map = withConsolidatedPermissions({ ...parts, "discussions.sink": false, "discussions.edit": null });
    expect(map["discussions.moderate"]).toBeNull();
    expect(map["discussions.manage"]).toBeNull();
  });

  it("is only added when every part is present", () => {
    const map = withConsolidatedPermissions({ "discussions.announce": true, "discussions.delete": true });
    expect(map).not.toHaveProperty("discussions.moderate");
    expect(map).not.toHaveProperty("discussions.manage");
    const some = withConsolidatedPermissions({ "discussions.delete": true, "discussions.edit": true });
    expect(some["discussions.manage"]).toBe(true);
    expect(some).not.toHaveProperty("discussions.moderate");
  });

  it("replaces a stale value, keeps other keys, sorts the keys and leaves the input alone", () => {
    const input: PermissionMap = { "session.valid": true, ...parts, "discussions.manage": false };
    const map = withConsolidatedPermissions(input);
    expect(map["discussions.manage"]).toBe(true);
    expect(map["session.valid"]).toBe(true);
    expect(Object.keys(map)).toEqual([...Object.keys(map)].sort());
    expect(input["discussions.manage"]).toBe(false);
    expect(input).not.toHaveProperty("discussions.moderate");
  });
});

describe("schemas", () => {
  const context = { PermissionFragment };

  it("accepts a permissions response with and without junctions", () => {
    expect(Value.Check(context, UserPermissions, member())).toBe(true);
    const { junctions: _j, junctionAliases: _a, ...plain } = member();
    expect(Value.Check(context, UserPermissions, plain)).toBe(true);
  });

  it("rejects bad fragments", () => {
    expect(Value.Check(PermissionFragment, { type: "global", id: null, permissions: { a: true } })).toBe(true);
    expect(Value.Check(PermissionFragment, { type: "group", id: 1, permissions: {} })).toBe(false);
    expect(Value.Check(PermissionFragment, { type: "category", id: 1, permissions: { a: "yes" } })).toBe(false);
    const data = { ...member(), permissions: [{ type: "category", id: "1", permissions: {} }] };
    expect(Value.Check(context, UserPermissions, data)).toBe(false);
  });

  it("shares the $id schemas and nests fragments by $ref", () => {
    expect(sharedPermissionSchemas).toEqual([PermissionFragment, UserPermissions]);
    expect(PermissionFragment).toMatchObject({ $id: "PermissionFragment" });
    expect(UserPermissions).toMatchObject({ $id: "UserPermissions" });
    expect(UserPermissions.properties.permissions.items).toEqual({ $ref: "PermissionFragment" });
  });
});

describe("hasPermission: loading state", () => {
  it("grants nothing while pending, loading, errored or without data", () => {
    const data = member();
    expect(hasPermission({ status: "pending" }, "discussions.view")).toBe(false);
    expect(hasPermission({ status: "loading" }, "discussions.view")).toBe(false);
    expect(hasPermission({ status: "loading", data }, "discussions.view")).toBe(false);
    expect(hasPermission({ status: "error", data }, "discussions.view")).toBe(false);
    expect(hasPermission({ status: "success" }, "discussions.view")).toBe(false);
    expect(hasPermission({ status: "success", data: null }, "discussions.view")).toBe(false);
    expect(hasPermission(loaded(data), "discussions.view")).toBe(true);
  });

  it("grants nothing to a loading admin", () => {
    expect(hasPermission({ status: "loading", data: member({ isAdmin: true }) }, "site.manage")).toBe(false);
  });
});

describe("hasPermission: admins and system", () => {
  it("lets admins pass every check in every mode", () => {
    const admin = loaded(member({ isAdmin: true, permissions: [{ type: "global", id: null, permissions: {} }] }));
    expect(hasPermission(admin, "site.manage")).toBe(true);
    expect(hasPermission(admin, "comments.add", { resourceID: 20 })).toBe(true);
    expect(hasPermission(admin, "comments.add", { mode: "resource", resourceID: 99 })).toBe(true);
    expect(hasPermission(admin, "community.moderate", { mode: "global" })).toBe(true);
    expect(hasPermission(admin, [])).toBe(true);
  });

  it("treats the higher admin levels as admins", () => {
    expect(hasPermission(loaded(member({ isSysAdmin: true })), "site.manage")).toBe(true);
    expect(hasPermission(loaded(member({ isSuperAdmin: true })), "site.manage")).toBe(true);
  });

  it("lets a global system.only grant pass everything", () => {
    const system = member({ permissions: [{ type: "global", id: null, permissions: { "system.only": true } }] });
    expect(checkPermission(system, "site.manage")).toBe(true);
    expect(checkPermission(system, "comments.add", { resourceID: 20 })).toBe(true);
  });

  it("does not let system.only on a resource pass everything", () => {
    const data = member({
      permissions: [
        { type: "global", id: null, permissions: {} },
        { type: "category", id: 10, permissions: { "system.only": true } },
      ],
    });
    expect(checkPermission(data, "site.manage")).toBe(false);
    expect(checkPermission(data, "system.only", { resourceID: 10 })).toBe(true);
  });
});

describe("checkPermission: modes", () => {
  const data = member();

  it("global: only the global fragment counts", () => {
    expect(checkPermission(data, "comments.add", { mode: "global" })).toBe(true);
    expect(checkPermission(data, "comments.edit", { mode: "global" })).toBe(false);
    expect(checkPermission(data, "comments.edit", { mode: "global", resourceID: 10 })).toBe(false);
    expect(checkPermission(data, "comments.add", { mode: "global", resourceID: 10 })).toBe(true);
  });

  it("resource with an id: only that resource's fragment counts", () => {
    expect(checkPermission(data, "comments.edit", { mode: "resource", resourceID: 10 })).toBe(true);
    expect(checkPermission(data, "comments.add", { mode: "resource", resourceID: 10 })).toBe(false);
    expect(checkPermission(data, "discussions.view", { mode: "resource", resourceID: 30 })).toBe(false);
  });

  it("resource without an id: any fragment of the resource type counts", () => {
    expect(checkPermission(data, "comments.edit", { mode: "resource" })).toBe(true);
    expect(checkPermission(data, "comments.add", { mode: "resource" })).toBe(false);
    expect(checkPermission(data, "kb.view", { mode: "resource" })).toBe(false);
    expect(checkPermission(data, "kb.view", { mode: "resource", resourceType: "knowledgeBase" })).toBe(true);
    expect(checkPermission(data, "comments.edit", { mode: "resource", resourceType: "knowledgeBase" })).toBe(false);
  });

  it("globalOrResource (the default without an id): global or any resource fragment", () => {
    expect(checkPermission(data, "comments.add")).toBe(true);
    expect(checkPermission(data, "comments.edit")).toBe(true);
    expect(checkPermission(data, "kb.view")).toBe(true);
    expect(checkPermission(data, "kb.view", { resourceType: "category" })).toBe(false);
    expect(checkPermission(data, "comments.edit", { mode: "globalOrResource" })).toBe(true);
    expect(checkPermission(data, "site.manage")).toBe(false);
  });

  it("globalOrResource with an id: global or that resource's fragment", () => {
    const opts = { mode: "globalOrResource", resourceID: 10 } as const;
    expect(checkPermission(data, "comments.add", opts)).toBe(true);
    expect(checkPermission(data, "comments.edit", opts)).toBe(true);
    expect(checkPermission(data, "comments.edit", { ...opts, resourceID: 30 })).toBe(false);
    expect(checkPermission(data, "kb.view", { ...opts, resourceID: 5 })).toBe(false);
    expect(checkPermission(data, "kb.view", { ...opts, resourceID: 5, resourceType: "knowledgeBase" })).toBe(true);
  });

  it("resourceIfJunction (the default with an id): a junction resource counts only its own fragment", () => {
    expect(checkPermission(data, "comments.edit", { resourceID: 10 })).toBe(true);
    // The global default grants comments.add, but category 10 has its own permissions without it.
    expect(checkPermission(data, "comments.add", { resourceID: 10 })).toBe(false);
    expect(checkPermission(data, "comments.add", { mode: "resourceIfJunction", resourceID: 10 })).toBe(false);
  });

  it("resourceIfJunction: a junction without a fragment for the user grants nothing", () => {
    expect(checkPermission(data, "discussions.view", { resourceID: 20 })).toBe(false);
    expect(checkPermission(data, "comments.add", { resourceID: 20 })).toBe(false);
  });

  it("resourceIfJunction: a non-junction resource counts only global grants", () => {
    expect(checkPermission(data, "comments.add", { resourceID: 30 })).toBe(true);
    expect(checkPermission(data, "comments.edit", { resourceID: 30 })).toBe(false);
    // A stray fragment for a non-junction resource does not count.
    const stray = member({
      permissions: [...member().permissions, { type: "category", id: 30, permissions: { "comments.edit": true } }],
    });
    expect(checkPermission(stray, "comments.edit", { resourceID: 30 })).toBe(false);
  });

  it("resourceIfJunction without an id or without junctions falls back to global grants", () => {
    expect(checkPermission(data, "comments.add", { mode: "resourceIfJunction" })).toBe(true);
    expect(checkPermission(data, "comments.edit", { mode: "resourceIfJunction" })).toBe(false);
    expect(checkPermission(data, "comments.add", { mode: "resourceIfJunction", resourceID: null })).toBe(true);
    const noJunctions = member({ junctions: undefined, junctionAliases: undefined });
    expect(checkPermission(noJunctions, "comments.add", { resourceID: 10 })).toBe(true);
    expect(checkPermission(noJunctions, "comments.edit", { resourceID: 10 })).toBe(false);
    const emptyJunctions = member({ junctions: { category: [] } });
    expect(checkPermission(emptyJunctions, "comments.edit", { resourceID: 10 })).toBe(false);
  });

  it("resourceIfJunction honours the resource type's own junction list", () => {
    const kb = { resourceType: "knowledgeBase", resourceID: 5 } as const;
    expect(checkPermission(data, "kb.view", kb)).toBe(true);
    expect(checkPermission(data, "kb.view", { ...kb, resourceID: 6 })).toBe(false);
    // Category 5 is not a category junction: global grants count.
    expect(checkPermission(data, "comments.add", { resourceID: 5 })).toBe(true);
    expect(checkPermission(data, "kb.view", { resourceID: 5 })).toBe(false);
  });
});

describe("checkPermission: aliases", () => {
  const data = member();

  it("maps an aliased resource to the resource whose permissions it uses", () => {
    expect(checkPermission(data, "comments.edit", { resourceID: 11 })).toBe(true);
    expect(checkPermission(data, "comments.add", { resourceID: 11 })).toBe(false);
    expect(checkPermission(data, "comments.edit", { mode: "resource", resourceID: 11 })).toBe(true);
    expect(checkPermission(data, "comments.edit", { mode: "globalOrResource", resourceID: 11 })).toBe(true);
  });

  it("only applies the aliases of the checked resource type", () => {
    expect(checkPermission(data, "kb.view", { resourceType: "knowledgeBase", resourceID: 11 })).toBe(false);
  });

  it("tolerates missing alias tables", () => {
    const plain = member({ junctionAliases: {} });
    expect(checkPermission(plain, "comments.edit", { resourceID: 11 })).toBe(false);
    expect(checkPermission(plain, "comments.add", { resourceID: 11 })).toBe(true);
  });
});

describe("checkPermission: several names", () => {
  const data = member();

  it("passes when ANY of the names is granted", () => {
    expect(checkPermission(data, ["site.manage", "comments.add"])).toBe(true);
    expect(checkPermission(data, ["comments.edit", "comments.delete"], { resourceID: 10 })).toBe(true);
    expect(checkPermission(data, ["comments.edit", "comments.delete"], { resourceID: 30 })).toBe(false);
    expect(checkPermission(data, ["profiles.view", "users.add", "users.edit", "users.delete"])).toBe(false);
  });

  it("grants nothing for an empty list", () => {
    expect(checkPermission(data, [])).toBe(false);
  });

  it("does not grant consolidated names that are null or false", () => {
    expect(checkPermission(data, "discussions.moderate", { resourceID: 10 })).toBe(false);
    const withFalse = member({
      permissions: [{ type: "global", id: null, permissions: { "discussions.manage": false } }],
    });
    expect(checkPermission(withFalse, "discussions.manage")).toBe(false);
  });

  it("grants consolidated names computed from their parts", () => {
    const permissions = withConsolidatedPermissions({
      "discussions.announce": true,
      "discussions.close": true,
      "discussions.sink": true,
    });
    const data2 = member({ permissions: [{ type: "global", id: null, permissions }] });
    expect(checkPermission(data2, "discussions.moderate", { resourceID: 30 })).toBe(true);
  });

  it("gives the same answer through hasPermission once loaded", () => {
    const state = loaded(data);
    expect(hasPermission(state, ["comments.edit", "comments.delete"], { resourceID: 10 })).toBe(true);
    expect(hasPermission(state, "comments.add", { resourceID: 10 })).toBe(false);
    expect(hasPermission(state, "comments.add", { mode: "global" })).toBe(true);
  });
});

describe("missing permission messages", () => {
  it("names one permission", () => {
    expect(describeMissingPermission("discussions.add")).toBe("You need the discussions.add permission to do that.");
    expect(describeMissingPermission(["discussions.add"])).toBe("You need the discussions.add permission to do that.");
  });

  it("lists several permissions", () => {
    expect(describeMissingPermission(["comments.edit", "comments.delete"])).toBe(
      "You need one of comments.edit, comments.delete permissions to do that.",
    );
    expect(describeMissingPermission(["users.add", "users.add", "users.edit"])).toBe(
      "You need one of users.add, users.edit permissions to do that.",
    );
  });

  it("builds the 403 body", () => {
    expect(permissionProblemBody(["users.add", "users.edit"])).toEqual({
      message: "Permission Problem",
      status: 403,
      description: "You need one of users.add, users.edit permissions to do that.",
      permissions: ["users.add", "users.edit"],
    });
  });
});
