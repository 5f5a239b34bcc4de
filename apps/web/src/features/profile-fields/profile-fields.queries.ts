import { queryOptions } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { profileFieldsApi } from "./profile-fields.api.ts";

export const profileFieldKeys = {
  all: ["profile-fields"] as const,
  list: (scope: "all" | "enabled") => [...profileFieldKeys.all, scope] as const,
};

/** Every definition, enabled or not (the dashboard's page). */
export const allProfileFieldsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: profileFieldKeys.list("all"),
    queryFn: ({ signal }) => profileFieldsApi.list(api, {}, signal),
  });

/** The enabled definitions in their order: labels and kinds for the profile, the user card and the edit form. */
export const profileFieldsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: profileFieldKeys.list("enabled"),
    queryFn: ({ signal }) => profileFieldsApi.list(api, { enabled: true }, signal),
  });

/** Who manages the definitions (site.manage; the server checks again). */
export const canManageProfileFields = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));
