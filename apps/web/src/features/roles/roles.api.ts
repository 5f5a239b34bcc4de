import type { CategoryTreeItem, PermissionFragment, Role, RolePatch, RolePost } from "@parley/contracts";
import { limits } from "@parley/contracts/limits";
import type { ApiClient } from "../../lib/api.ts";

/** A role with its grants and its member count (`expand=permissions,countUsers`). */
export type RoleWithPermissions = Omit<Role, "permissions" | "countUsers"> & {
  permissions: PermissionFragment[];
  countUsers: number;
};

const expand = ["permissions", "countUsers"];

/** The roles and their grants (dashboard-roles.yml): site.manage reads and changes them. */
export const rolesApi = {
  list: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<RoleWithPermissions[]>("/roles", { expand }, signal)).data,
  get: async (api: ApiClient, roleID: number, signal?: AbortSignal) =>
    (await api.get<RoleWithPermissions>(`/roles/${roleID}`, { expand }, signal)).data,
  /** The categories that have their own permissions: each gets its own table of grants. */
  customCategories: async (api: ApiClient, signal?: AbortSignal) => {
    const { data } = await api.get<CategoryTreeItem[]>(
      "/categories",
      { outputFormat: "flat", maxDepth: 10, limit: limits.categories.listMaxLimit },
      signal,
    );
    return data.filter((category) => category.customPermissions).map(({ categoryID, name }) => ({ categoryID, name }));
  },
  create: async (api: ApiClient, body: RolePost) =>
    (await api.request<Role>({ method: "POST", path: "/roles", body })).data,
  patch: async (api: ApiClient, roleID: number, body: RolePatch) =>
    (await api.request<Role>({ method: "PATCH", path: `/roles/${roleID}`, body })).data,
  /** Deletes a role; its members are given `replacementRoleID` first when one is chosen. */
  remove: async (api: ApiClient, roleID: number, replacementRoleID: number | null) => {
    const query = replacementRoleID ? `?replacementRoleID=${replacementRoleID}` : "";
    await api.request({ method: "DELETE", path: `/roles/${roleID}${query}` });
  },
};
