import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/api.ts";
import { moderationConfigKeys, readModerationSettings } from "./capabilities.ts";

export const moderationKeys = {
  all: ["moderation"] as const,
  settings: () => [...moderationKeys.all, "settings"] as const,
};

/** Tagging, triage and the server's moderation capabilities, in one GET /config. */
export const moderationSettingsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: moderationKeys.settings(),
    queryFn: async ({ signal }) =>
      readModerationSettings(
        (await api.get<Record<string, unknown>>("/config", { select: [...moderationConfigKeys] }, signal)).data,
      ),
    staleTime: Infinity,
  });
