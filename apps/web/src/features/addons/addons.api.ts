import type { Addon } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** Add-ons (dashboard-addons.yml): Parley's optional features, its themes and its content languages. */
export const addonsApi = {
  list: async (api: ApiClient, signal?: AbortSignal) => (await api.get<Addon[]>("/addons", undefined, signal)).data,
  /** Turns one on or off; answers every add-on the change touched. */
  setEnabled: async (api: ApiClient, addonID: string, enabled: boolean) =>
    (
      await api.request<Addon[]>({
        method: "PATCH",
        path: `/addons/${encodeURIComponent(addonID)}`,
        body: { enabled },
      })
    ).data,
};
