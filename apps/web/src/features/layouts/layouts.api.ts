import type { LayoutLookup, LayoutSpec } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

export const layoutsApi = {
  /** `GET /layouts/lookup-hydrate`: the page's widgets and title bar, or `{redirectTo, status}`. */
  lookupHydrate: async (api: ApiClient, lookup: LayoutLookup, signal?: AbortSignal) =>
    (
      await api.get<LayoutSpec>(
        "/layouts/lookup-hydrate",
        {
          layoutViewType: lookup.layoutViewType,
          recordType: lookup.recordType,
          recordID: lookup.recordID,
          ...(lookup.params && Object.keys(lookup.params).length ? { params: lookup.params } : {}),
        },
        signal,
      )
    ).data,
};
