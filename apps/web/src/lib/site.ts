import { queryOptions } from "@tanstack/react-query";
import { useQuery } from "./query.ts";
import { contentLocaleKeys, defaultTranslationLocale } from "@parley/contracts/translations-constants";
import type { ApiClient } from "./api.ts";
import { useApi } from "./api-context.tsx";

/** Embedding in a host page (spec §4): `embed.enabled`, `embed.remoteUrl` (the host page), `embed.forceEmbed`. */
export interface EmbedSettings {
  enabled: boolean;
  remoteUrl: string;
  forceEmbed: boolean;
}

/** Site-wide settings every page uses: the title (title bar, document title), the description, embedding. */
export interface Site {
  title: string;
  description: string;
  embed: EmbedSettings;
  /** The content locales readers may pick (`locales.enabled`; `en` always, first). */
  contentLocales: string[];
  /** The badges add-on is on (`badges.enabled`): profiles show members' badges. */
  badges: boolean;
  /** The picture of link previews of pages without one (`garden.shareImage`): read on the server only, for the head. */
  shareImage?: string;
}

/** What a site says before its settings arrive (and if they cannot). */
export const defaultSite: Site = {
  title: "Parley",
  description: "A community forum built with Parley.",
  embed: { enabled: false, remoteUrl: "", forceEmbed: false },
  contentLocales: [defaultTranslationLocale],
  badges: false,
};

const siteKeys = [
  "garden.title",
  "garden.description",
  "embed.enabled",
  "embed.remoteUrl",
  "embed.forceEmbed",
  "locales.enabled",
  "badges.enabled",
  // The head's share image comes with the rest, in the same request; the browser's build neither asks nor reads it.
  ...(import.meta.env.SSR ? ["garden.shareImage"] : []),
];

/** The public settings of `siteKeys` (spec §7's GET /config), read once per page load. */
export const siteQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ["config", "site"] as const,
    queryFn: async ({ signal }): Promise<Site> => {
      const { data } = await api.get<Record<string, unknown>>("/config", { select: siteKeys }, signal);
      const title = data["garden.title"];
      const description = data["garden.description"];
      const remoteUrl = data["embed.remoteUrl"];
      const enabled = data["locales.enabled"];
      const listed = typeof enabled === "string" ? enabled.split(",") : [];
      return {
        title: typeof title === "string" && title ? title : defaultSite.title,
        description: typeof description === "string" ? description : defaultSite.description,
        embed: {
          enabled: data["embed.enabled"] === true,
          remoteUrl: typeof remoteUrl === "string" ? remoteUrl : "",
          forceEmbed: data["embed.forceEmbed"] === true,
        },
        contentLocales: contentLocaleKeys.filter((key) => key === defaultTranslationLocale || listed.includes(key)),
        badges: data["badges.enabled"] === true,
        ...(import.meta.env.SSR && typeof data["garden.shareImage"] === "string"
          ? { shareImage: data["garden.shareImage"] }
          : {}),
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
