import { queryOptions } from "@tanstack/react-query";
import { limits } from "@parley/contracts/limits";
import type { ApiClient } from "../../lib/api.ts";
import { notificationsApi } from "./notifications.api.ts";

/** The dropdown shows the latest few; the page shows the API's default page size. */
export const notificationLimits = {
  dropdown: limits.pager.defaultPageLimit,
  page: limits.api.defaultLimit,
} as const;

export const notificationKeys = {
  all: ["notifications"] as const,
  lists: () => [...notificationKeys.all, "list"] as const,
  list: (page: number, limit: number) => [...notificationKeys.lists(), page, limit] as const,
  preferences: () => [...notificationKeys.all, "preferences"] as const,
  preferencesSchema: () => [...notificationKeys.all, "preferences-schema"] as const,
};

/** One page of the member's notifications, newest first. */
export const notificationsQuery = (api: ApiClient, page: number, limit: number) =>
  queryOptions({
    queryKey: notificationKeys.list(page, limit),
    queryFn: ({ signal }) => notificationsApi.list(api, page, limit, signal),
  });

export const preferencesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => notificationsApi.preferences(api, signal),
  });

export const preferencesSchemaQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: notificationKeys.preferencesSchema(),
    queryFn: ({ signal }) => notificationsApi.preferencesSchema(api, signal),
    staleTime: Infinity,
  });
