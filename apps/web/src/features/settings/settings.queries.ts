import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { settingsApi } from "./settings.api.ts";

export const settingsKeys = { page: () => ["config", "settings-page"] as const };

export const settingsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: settingsKeys.page(), queryFn: ({ signal }) => settingsApi.read(api, signal) });
