import {
  contentLocaleKeys,
  defaultTranslationLocale,
  type Addon,
  type AddonListQuery,
  type AddonPatch,
  type Theme,
} from "@parley/contracts";
import type { SiteSettingKey } from "@parley/contracts/site-settings";
import { requireAccess } from "../../platform/auth/access.ts";
import { badRequest, notFound } from "../../platform/errors.ts";
import type { RequestContext as AddonRequestContext } from "../../platform/http/request-context.ts";
import type { ThemesService } from "../themes/index.ts";
import { displayName, enabledLocalesOf } from "../translations/index.ts";
import { configPolicy } from "./config.policy.ts";
import type { ConfigService } from "./config.service.ts";

/** Parley's optional features as add-ons (Vanilla's applications and plugins): each is a site setting. */
const switches: ReadonlyArray<{ key: string; name: string; description: string; setting: SiteSettingKey }> = [
  {
    key: "conversations",
    name: "Conversations",
    description: "Private messages between members.",
    setting: "conversations.enabled",
  },
  {
    key: "tagging",
    name: "Tagging",
    description: "Tags on discussions, and each tag's list of discussions.",
    setting: "tagging.enabled",
  },
  {
    key: "signatures",
    name: "Signatures",
    description: "Members' signatures under their posts.",
    setting: "signatures.enabled",
  },
  {
    key: "online",
    name: "Who's Online",
    description: "Members seen in the last minutes, on the home page and on their profiles.",
    setting: "online.enabled",
  },
  {
    key: "qna",
    name: "Q&A",
    description: "Questions: members ask, the asker and moderators accept or reject the answers.",
    setting: "plugins.qna",
  },
  {
    key: "ideation",
    name: "Ideation",
    description: "Ideas: members vote them up (or down), moderators set their status (Planned, Completed…).",
    setting: "plugins.ideation",
  },
  {
    key: "polls",
    name: "Polls",
    description: "Polls: members ask a question with options, the others vote and see the results.",
    setting: "plugins.polls",
  },
  {
    key: "postTypes",
    name: "Post Types",
    description: "A site's own kinds of posts, each with fields members fill in and the categories that take it.",
    setting: "postTypes.enabled",
  },
  {
    key: "badges",
    name: "Badges",
    description: "Badges members earn for posts, accepted answers, reactions received and anniversaries.",
    setting: "badges.enabled",
  },
  {
    key: "ranks",
    name: "Ranks",
    description: "Ranks members reach by points, posts and days since joining, shown beside their names.",
    setting: "ranks.enabled",
  },
  {
    key: "embed",
    name: "Embedding",
    description: "The forum inside a frame of a host page; the host's address is a site setting.",
    setting: "embed.enabled",
  },
];

/** Built in: an add-on's version is Parley's own. */
const VERSION = "1.0.0";

/** Each kind's icon, an image the web app serves (Lucide's), at the site's configured address. */
const iconOf = (type: Addon["type"], origin: string) => `${origin}/images/addons/${type}.svg`;

const switchAddon = (feature: (typeof switches)[number], enabled: boolean, origin: string): Addon => ({
  addonID: feature.key,
  key: feature.key,
  name: feature.name,
  type: "addon",
  description: feature.description,
  iconUrl: iconOf("addon", origin),
  version: VERSION,
  enabled,
  require: [],
  conflict: [],
});

const themeAddon = (theme: Theme, origin: string): Addon => ({
  addonID: theme.themeID,
  key: theme.themeID,
  name: theme.name,
  type: "theme",
  description: theme.preview.info["Description"]?.value ?? "",
  iconUrl: iconOf("theme", origin),
  version: theme.version,
  enabled: theme.current,
  require: [],
  conflict: [],
});

/** A content locale as Vanilla's locale add-on: enabled when the site offers content in it (`en` always). */
const localeAddon = (localeKey: string, enabled: boolean, origin: string): Addon => ({
  addonID: `locale-${localeKey}`,
  key: `locale-${localeKey}`,
  name: `${displayName(localeKey, "en")} content`,
  type: "locale",
  description: `Category names and descriptions translated into ${displayName(localeKey, "en")} by hand; Parley's own interface stays in English.`,
  iconUrl: iconOf("locale", origin),
  version: VERSION,
  enabled,
  require: [],
  conflict: [],
  attributes: { locale: localeKey },
});

/**
 * `/addons` (site.manage): the features switched by site settings and the themes. Enabling a feature
 * changes its setting through PATCH /config's checks and events; enabling a theme makes it current.
 */
export function createAddonsService({ config, themes }: { config: ConfigService; themes: ThemesService }) {
  const all = async (context: AddonRequestContext): Promise<Addon[]> => {
    requireAccess(context.viewer, configPolicy.canManageAddons);
    const [values, themeList] = await Promise.all([
      config.read([...switches.map((feature) => feature.setting), "locales.enabled"], context.viewer),
      themes.list({}, context),
    ]);
    const locales: readonly string[] = enabledLocalesOf(String(values["locales.enabled"] ?? ""));
    return [
      ...switches.map((feature) => switchAddon(feature, values[feature.setting] === true, context.origin)),
      // The built-in themes only: a theme of the site's own is no add-on (Vanilla's are files).
      ...themeList.filter((theme) => theme.type === "themeFile").map((theme) => themeAddon(theme, context.origin)),
      ...contentLocaleKeys.map((key) => localeAddon(key, locales.includes(key), context.origin)),
    ];
  };
  const find = async (addonID: string, context: AddonRequestContext) => {
    const addon = (await all(context)).find((candidate) => candidate.addonID === addonID);
    if (!addon) throw notFound("Addon");
    return addon;
  };

  return {
    async list(query: AddonListQuery, context: AddonRequestContext): Promise<Addon[]> {
      return (await all(context)).filter(
        (addon) =>
          (query.type === undefined || addon.type === query.type) &&
          (query.enabled === undefined || addon.enabled === query.enabled),
      );
    },

    get: find,

    /** Switches an add-on; answers every add-on the change touched (a theme's predecessor too). */
    async patch(addonID: string, body: AddonPatch, context: AddonRequestContext): Promise<Addon[]> {
      const { viewer } = context;
      const addon = await find(addonID, context);
      if (addon.type === "theme") {
        if (!body.enabled) throw badRequest("A theme is turned off by enabling another one.");
        const previous = (await all(context)).find((other) => other.type === "theme" && other.enabled);
        await themes.setCurrent({ themeID: addon.addonID }, context);
        const touched = [addon.addonID, previous?.addonID].filter((id) => id !== undefined);
        return (await all(context)).filter((other) => touched.includes(other.addonID));
      }
      if (addon.type === "locale") {
        const localeKey = addon.attributes?.locale ?? "";
        if (localeKey === defaultTranslationLocale && !body.enabled)
          throw badRequest("English is the content's own locale: it stays enabled.");
        const current = (await all(context))
          .filter((other) => other.type === "locale" && other.enabled)
          .map((other) => other.attributes?.locale ?? "");
        const next = body.enabled ? [...current, localeKey] : current.filter((key) => key !== localeKey);
        await config.patch({ "locales.enabled": [...new Set(next)].join(",") }, viewer);
        return [await find(addonID, context)];
      }
      const feature = switches.find((candidate) => candidate.key === addon.key)!;
      await config.patch({ [feature.setting]: body.enabled }, viewer);
      return [await find(addonID, context)];
    },
  };
}

export type AddonsService = ReturnType<typeof createAddonsService>;
