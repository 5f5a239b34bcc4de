import { queryOptions } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { invitationsApi } from "./invitations.api.ts";

export const invitationKeys = {
  all: ["invitations"] as const,
};

export const invitationsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: invitationKeys.all, queryFn: ({ signal }) => invitationsApi.list(api, signal) });

/** The viewer's invitations left this month (under the same key: an invitation sent refreshes both). */
export const invitationAllowanceQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: [...invitationKeys.all, "remaining"] as const,
    queryFn: ({ signal }) => invitationsApi.remaining(api, signal),
  });

/** Who invites (users.add; the server checks again). */
export const canInvite = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("users.add"));
