import type { User } from "@parley/contracts";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";

/**
 * `GET /users/{id}` for the user card, with the custom profile fields the viewer may see (cached like every
 * query: fresh for 5 minutes).
 */
export const userCardQuery = (api: ApiClient, userID: number) =>
  queryOptions({
    queryKey: ["users", "card", userID] as const,
    queryFn: async ({ signal }) =>
      (await api.get<User>(`/users/${userID}`, { expand: ["profileFields"] }, signal)).data,
  });

/** Any one of these lets a viewer see user cards (spec §6). */
const cardPermissions = ["profiles.view", "users.add", "users.edit", "users.delete"] as const;

export const canViewUserCards = (viewer: { isAdmin: boolean; permissions: readonly string[] }) =>
  viewer.isAdmin || cardPermissions.some((permission) => viewer.permissions.includes(permission));
