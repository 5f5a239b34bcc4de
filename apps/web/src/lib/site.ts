import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "./api.ts";
import { useApi } from "./api-context.tsx";

/** Site-wide settings every page shows: the title (title bar, document title) and the description. */
export interface Site {
  title: string;
  description: string;
}

/** What a site says before its settings arrive (and if they cannot). */
export const defaultSite: Site = {
  title: "Parley",
  description: "A community forum built with Parley.",
};

/** `garden.title` and `garden.description` (public settings, spec §7's GET /config), read once per page load. */
export const siteQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ["config", "site"] as const,
    queryFn: async ({ signal }): Promise<Site> => {
      const { data } = await api.get<Record<string, unknown>>(
        "/config",
        { select: ["garden.title", "garden.description"] },
        signal,
      );
      const title = data["garden.title"];
      const description = data["garden.description"];
      return {
        title: typeof title === "string" && title ? title : defaultSite.title,
        description: typeof description === "string" ? description : defaultSite.description,
      };
    },
  });

/** The site's settings (the root loader has them in the cache; the defaults meanwhile). */
export function useSite(): Site {
  const { data } = useQuery(siteQuery(useApi()));
  return data ?? defaultSite;
}

/** Page title plus the site name joined by ' - ' (spec §9). */
export const documentTitle = (pageTitle: string | undefined, site: Site) =>
  pageTitle ? `${pageTitle} - ${site.title}` : site.title;
