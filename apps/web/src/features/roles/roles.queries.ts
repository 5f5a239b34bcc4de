import { queryOptions } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { rolesApi } from "./roles.api.ts";

export const roleKeys = {
  all: ["dashboard-roles"] as const,
  list: () => [...roleKeys.all, "list"] as const,
  role: (roleID: number) => [...roleKeys.all, "role", roleID] as const,
  categories: () => [...roleKeys.all, "categories"] as const,
};

export const rolesListQuery = (api: ApiClient) =>
  queryOptions({ queryKey: roleKeys.list(), queryFn: ({ signal }) => rolesApi.list(api, signal) });

export const roleQuery = (api: ApiClient, roleID: number) =>
  queryOptions({ queryKey: roleKeys.role(roleID), queryFn: ({ signal }) => rolesApi.get(api, roleID, signal) });

export const customCategoriesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: roleKeys.categories(), queryFn: ({ signal }) => rolesApi.customCategories(api, signal) });

/** `/dashboard/roles`: the roles; `/dashboard/roles/{id}` one role, `/dashboard/roles/add` a new one. */
export const rolesPagePath = "/dashboard/roles";
export const rolePath = (roleID: number | "add") => `${rolesPagePath}/${roleID}`;

/** Who reads and changes the roles and their permissions (site.manage; the server checks again). */
export const canManageRoles = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));
