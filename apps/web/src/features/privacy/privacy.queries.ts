import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { privacyApi } from "./privacy.api.ts";

export const privacyKeys = {
  all: ["privacy"] as const,
  user: (userID: number) => [...privacyKeys.all, "user", userID] as const,
  settings: () => [...privacyKeys.all, "settings"] as const,
  exports: (userID: number) => [...privacyKeys.all, "exports", userID] as const,
};

/** The member's own record: `private` and `hidden` as stored. */
export const privacyUserQuery = (api: ApiClient, userID: number) =>
  queryOptions({ queryKey: privacyKeys.user(userID), queryFn: ({ signal }) => privacyApi.user(api, userID, signal) });

export const privacySettingsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: privacyKeys.settings(), queryFn: ({ signal }) => privacyApi.settings(api, signal) });

/** The member's data export requests, the newest first. */
export const exportsQuery = (api: ApiClient, userID: number) =>
  queryOptions({ queryKey: privacyKeys.exports(userID), queryFn: ({ signal }) => privacyApi.exports(api, signal) });
