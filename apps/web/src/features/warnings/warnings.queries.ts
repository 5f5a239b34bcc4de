import { queryOptions } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { categoryChoicesApi, moderationMessagesApi, warningsApi } from "./warnings.api.ts";

export const warningKeys = {
  all: ["warnings"] as const,
  member: (userID: number) => [...warningKeys.all, userID] as const,
  list: (userID: number) => [...warningKeys.member(userID), "list"] as const,
  summary: (userID: number) => [...warningKeys.member(userID), "summary"] as const,
  notes: (userID: number) => [...warningKeys.member(userID), "notes"] as const,
};

export const moderationMessageKeys = {
  all: ["moderation-messages"] as const,
  shown: (categoryID: number | null) => [...moderationMessageKeys.all, "shown", categoryID ?? 0] as const,
  managed: () => [...moderationMessageKeys.all, "managed"] as const,
};

export const warningsQuery = (api: ApiClient, userID: number) =>
  queryOptions({ queryKey: warningKeys.list(userID), queryFn: ({ signal }) => warningsApi.list(api, userID, signal) });

export const warningSummaryQuery = (api: ApiClient, userID: number) =>
  queryOptions({
    queryKey: warningKeys.summary(userID),
    queryFn: ({ signal }) => warningsApi.summary(api, userID, signal),
  });

export const userNotesQuery = (api: ApiClient, userID: number) =>
  queryOptions({
    queryKey: warningKeys.notes(userID),
    queryFn: ({ signal }) => warningsApi.notes(api, userID, signal),
  });

/** The enabled messages a page shows: site-wide ones, and with a category those of that category. */
export const shownMessagesQuery = (api: ApiClient, categoryID: number | null) =>
  queryOptions({
    queryKey: moderationMessageKeys.shown(categoryID),
    queryFn: ({ signal }) => moderationMessagesApi.list(api, categoryID === null ? {} : { categoryID }, signal),
  });

/** Every message, turned on or off (the dashboard's page). */
export const managedMessagesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: moderationMessageKeys.managed(),
    queryFn: ({ signal }) => moderationMessagesApi.list(api, {}, signal),
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

/** Who manages moderation messages (community.manage; the server checks again). */
export const canManageModerationMessages = (me: Viewer) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("community.manage"));

/** Whether the viewer sees a member's warnings: their own, or any as a moderator. */
export const canSeeWarnings = (me: Viewer, userID: number) =>
  (me.userID > 0 && me.userID === userID) || canWarnMembers(me);
