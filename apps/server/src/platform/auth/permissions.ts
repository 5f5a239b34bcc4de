import {
  withConsolidatedPermissions,
  type PermissionFragment,
  type PermissionMap,
  type UserPermissions,
} from "@parley/contracts";
import type { AuthRepo } from "./auth.repo.ts";
import type { GroupMembership } from "./viewer.ts";

/**
 * Rights that depend on more than roles (a feature's, e.g. groups: each group's category is readable by
 * its members): given the permissions of a role set and the viewer's memberships, the permissions to use.
 * It must not change its input. `invalidate()` runs whenever the permissions cache is dropped.
 */
export interface PermissionOverlay {
  apply(base: UserPermissions, memberships: readonly GroupMembership[]): Promise<UserPermissions>;
  invalidate(): void;
}

/** Distinct (role set, memberships) pairs kept; the oldest go first. Role sets alone are few. */
const MAX_CACHED = 5_000;

/**
 * Computes a user's permissions from their roles' grants, in Vanilla's shape (reference §2.2), always
 * with `junctions` and `junctionAliases` (the API drops them unless expanded). Results are cached per
 * role set and membership set (the overlay's part, e.g. groups); `invalidate()` drops the cache when roles,
 * grants, category permissions, groups or their settings change. Viewers with the same roles and memberships
 * share one permissions object.
 */
export function createPermissionsService(repo: AuthRepo) {
  let version = 0;
  const byRoleSet = new Map<string, Promise<UserPermissions>>();
  let links: Promise<{ junctions: number[]; aliases: Record<string, number> }> | null = null;
  let overlay: PermissionOverlay | null = null;
  const invalidated: Array<() => void> = [];

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

  function remember(key: string, make: () => Promise<UserPermissions>): Promise<UserPermissions> {
    let cached = byRoleSet.get(key);
    if (!cached) {
      cached = make();
      byRoleSet.set(key, cached);
      if (byRoleSet.size > MAX_CACHED) byRoleSet.delete(byRoleSet.keys().next().value as string);
      cached.catch(() => byRoleSet.delete(key));
    }
    return cached;
  }

  return {
    /**
     * The permissions of a set of roles (with the overlay for these memberships); `isAdmin` marks an admin
     * account (passes every check).
     */
    async forRoles(
      roleIDs: number[],
      isAdmin = false,
      memberships: readonly GroupMembership[] = [],
    ): Promise<UserPermissions> {
      const roleKey = `${version}:${[...roleIDs].sort((a, b) => a - b).join(",")}`;
      const base = remember(roleKey, () => compute(roleIDs));
      let permissions: UserPermissions;
      if (overlay) {
        const current = overlay;
        const memberKey = memberships
          .map((membership) => `${membership.groupID}${membership.role === "leader" ? "L" : ""}`)
          .sort()
          .join(",");
        permissions = await remember(`${roleKey}|${memberKey}`, async () => current.apply(await base, memberships));
      } else permissions = await base;
      return isAdmin ? { ...permissions, isAdmin: true } : permissions;
    },

    /** Sets the overlay (the groups feature's), dropping what was cached without it. */
    setOverlay(next: PermissionOverlay): void {
      overlay = next;
      version += 1;
      byRoleSet.clear();
    },

    invalidate(): void {
      version += 1;
      byRoleSet.clear();
      links = null;
      overlay?.invalidate();
      for (const listener of invalidated) listener();
    },

    /** Runs `listener` whenever the cache is dropped (roles or their types changed): for what else caches roles. */
    onInvalidate(listener: () => void): void {
      invalidated.push(listener);
    },
  };
}

export type PermissionsService = ReturnType<typeof createPermissionsService>;
