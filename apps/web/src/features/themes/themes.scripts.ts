import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";

/**
 * The site setting that lets pages run the themes' JavaScript and scripts. Only the themes page reads it: kept out
 * of the themes' API and queries that every reading page loads (the preview banner's).
 */
export const allowCustomScripts = "themes.allowCustomScripts";

/** Whether pages run the themes' JavaScript and scripts (`themes.allowCustomScripts`; site.manage reads it). */
export const themeScriptsAllowedQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ["config", "themes-scripts"] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Partial<Record<typeof allowCustomScripts, boolean>>>(
          "/config",
          { select: [allowCustomScripts] },
          signal,
        )
      ).data[allowCustomScripts] === true,
  });
