import type { ApiClient } from "../../lib/api.ts";
import { settingsPageKeys, type SettingValue } from "./settings.ts";

/** Site settings (dashboard-config.yml): GET /config for the page's keys, PATCH /config to change them. */
export const settingsApi = {
  read: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<Record<string, SettingValue>>("/config", { select: [...settingsPageKeys] }, signal)).data,
  save: async (api: ApiClient, values: Record<string, SettingValue>) =>
    (await api.request<Record<string, SettingValue>>({ method: "PATCH", path: "/config", body: values })).data,
};
