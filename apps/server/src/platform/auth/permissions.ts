import {
  withConsolidatedPermissions,
  type PermissionFragment,
  type PermissionMap,
  type UserPermissions,
} from "@parley/contracts";
import type { AuthRepo } from "./auth.repo.ts";

/**
 * Computes a user's permissions from their roles' grants, in Vanilla's shape (reference §2.2), always
 * with `junctions` and `junctionAliases` (the API drops them unless expanded). Results are cached per
 * role set; `invalidate()` drops the cache when roles, grants or category permissions change.
 */
export function createPermissionsService(repo: AuthRepo) {
  let version = 0;
  const byRoleSet = new Map<string, Promise<UserPermissions>>();
  let links: Promise<{ junctions: number[]; aliases: Record<string, number> }> | null = null;

  const loadLinks = () => {
    links ??= repo.categoryPermissionLinks().then((rows) => {
      const junctions: number[] = [];
      const aliases: Record<string, number> = {};
      for (const row of rows) {
        if (row.customPermissions === 1) junctions.push(row.categoryID);
        else if (row.permissionCategoryID !== -1) aliases[String(row.categoryID)] = row.permissionCategoryID;
      }
      return { junctions: junctions.sort((a, b) => a - b), aliases };
    });
    return links;
  };

  async function compute(roleIDs: number[]): Promise<UserPermissions> {
    const [grants, { junctions, aliases }] = await Promise.all([repo.grantsOfRoles(roleIDs), loadLinks()]);
    const global: PermissionMap = {};
    const perCategory = new Map<number, PermissionMap>();
    for (const grant of grants) {
      if (grant.junctionType === "") {
        global[grant.permission] = true;
      } else if (grant.junctionType === "category") {
        const map = perCategory.get(grant.junctionID) ?? {};
        map[grant.permission] = true;
        perCategory.set(grant.junctionID, map);
      }
    }
    const sorted = (map: PermissionMap) =>
      withConsolidatedPermissions(Object.fromEntries(Object.entries(map).sort(([a], [b]) => a.localeCompare(b))));
    const fragments: PermissionFragment[] = [{ type: "global", id: null, permissions: sorted(global) }];
    for (const [categoryID, map] of [...perCategory.entries()].sort(([a], [b]) => a - b)) {
      fragments.push({ type: "category", id: categoryID, permissions: sorted(map) });
    }
    return {
      isAdmin: false,
      isSysAdmin: false,
      isSuperAdmin: false,
      permissions: fragments,
      junctions: { category: junctions },
      junctionAliases: { category: aliases },
    };
  }

  return {
    /** The permissions of a set of roles; `isAdmin` marks an admin account (passes every check). */
    async forRoles(roleIDs: number[], isAdmin = false): Promise<UserPermissions> {
      const key = `${version}:${[...roleIDs].sort((a, b) => a - b).join(",")}`;
      let cached = byRoleSet.get(key);
      if (!cached) {
        cached = compute(roleIDs);
        byRoleSet.set(key, cached);
        cached.catch(() => byRoleSet.delete(key));
      }
      const permissions = await cached;
      return isAdmin ? { ...permissions, isAdmin: true } : permissions;
    },

    invalidate(): void {
      version += 1;
      byRoleSet.clear();
      links = null;
    },
  };
}

export type PermissionsService = ReturnType<typeof createPermissionsService>;
