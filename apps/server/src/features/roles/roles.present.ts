import { withConsolidatedPermissions, type PermissionFragment, type Role } from "@parley/contracts";
import type { Grant, RoleRow } from "./roles.repo.ts";

/** A role's grants as the API's fragments: the global one first, then one per category. */
export function fragmentsOf(grants: Grant[]): PermissionFragment[] {
  const global: Record<string, boolean> = {};
  const categories = new Map<number, Record<string, boolean>>();
  for (const grant of grants) {
    if (grant.junctionType === "") global[grant.permission] = true;
    else categories.set(grant.junctionID, { ...(categories.get(grant.junctionID) ?? {}), [grant.permission]: true });
  }
  const sorted = (map: Record<string, boolean>) =>
    withConsolidatedPermissions(Object.fromEntries(Object.entries(map).sort(([a], [b]) => a.localeCompare(b))));
  return [
    { type: "global", id: null, permissions: sorted(global) },
    ...[...categories.entries()]
      .sort(([a], [b]) => a - b)
      .map(([id, map]): PermissionFragment => ({ type: "category", id, permissions: sorted(map) })),
  ];
}

/** A role row as the API's record, with its grants and its member count when given. */
export function present(row: RoleRow, grants?: Grant[], countUsers?: number): Role {
  return {
    roleID: row.roleID,
    name: row.name,
    description: row.description,
    type: row.type,
    deletable: row.deletable === 1,
    canSession: row.canSession === 1,
    personalInfo: row.personalInfo === 1,
    invitationsPerMonth: row.invitationsPerMonth,
    sort: row.sort,
    ...(grants ? { permissions: fragmentsOf(grants) } : {}),
    ...(countUsers !== undefined ? { countUsers } : {}),
  };
}
