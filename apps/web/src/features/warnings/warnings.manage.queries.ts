import { queryOptions } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { categoryChoicesApi, moderationMessagesApi, warningsApi } from "./warnings.manage.api.ts";
import { moderationMessageKeys, warningKeys } from "./warnings.queries.ts";

/** The profile's and the dashboard's queries (their own chunks). */
export const warningsQuery = (api: ApiClient, userID: number) =>
  queryOptions({
    queryKey: [...warningKeys.member(userID), "list"],
    queryFn: ({ signal }) => warningsApi.list(api, userID, signal),
  });

export const userNotesQuery = (api: ApiClient, userID: number) =>
  queryOptions({
    queryKey: [...warningKeys.member(userID), "notes"],
    queryFn: ({ signal }) => warningsApi.notes(api, userID, signal),
  });

/** Every message, turned on or off (the dashboard's page). */
export const managedMessagesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: [...moderationMessageKeys.all, "managed"],
    queryFn: ({ signal }) => moderationMessagesApi.list(api, signal),
  });

export const categoryChoicesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: [...moderationMessageKeys.all, "categories"] as const,
    queryFn: ({ signal }) => categoryChoicesApi.list(api, signal),
  });

type Viewer = Pick<Me, "userID" | "isAdmin" | "permissions">;

/** Who warns members and keeps notes on them (community.moderate; the server checks again). */
export const canWarnMembers = (me: Viewer) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("community.moderate"));

/** Whether the viewer sees a member's warnings: their own, or any as a moderator. */
export const canSeeWarnings = (me: Viewer, userID: number) =>
  (me.userID > 0 && me.userID === userID) || canWarnMembers(me);
