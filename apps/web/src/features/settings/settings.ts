import type { Me } from "@parley/contracts";
import { siteSettingRules, type SiteSettingKey } from "@parley/contracts/site-settings";

export type SettingValue = string | number | boolean;

export const settingsPagePath = "/dashboard/settings";

/**
 * The settings the page offers, in its order: what the site says, then how it works. Registration (the method,
 * confirm e-mail, default roles) has its own page: `registration.ts`.
 */
export const settingsPageKeys = [
  "garden.title",
  "garden.description",
  "garden.shareImage",
  "ui.editContentTimeout",
  "premoderation.newMemberPosts",
  "premoderation.maxLinks",
  "tagging.enabled",
  "conversations.enabled",
  "signatures.enabled",
  "drafts.scheduling",
  "search.externalNewTab",
  "embed.enabled",
  "embed.remoteUrl",
  "embed.forceEmbed",
  "embed.crossSiteSessions",
  "locales.enabled",
  "account.deleteMethod",
  "account.deleteGraceDays",
  "seo.robotsAdditions",
] as const satisfies readonly SiteSettingKey[];
export type SettingsPageKey = (typeof settingsPageKeys)[number];

/** Switches: a checkbox each (an unchecked box sends nothing: off). */
const switchKeys: ReadonlySet<SettingsPageKey> = new Set([
  "tagging.enabled",
  "conversations.enabled",
  "signatures.enabled",
  "drafts.scheduling",
  "search.externalNewTab",
  "embed.enabled",
  "embed.forceEmbed",
  "embed.crossSiteSessions",
]);

/** Whole numbers, sent as numbers. */
const numberKeys: ReadonlySet<SettingsPageKey> = new Set([
  "ui.editContentTimeout",
  "account.deleteGraceDays",
  "premoderation.newMemberPosts",
  "premoderation.maxLinks",
]);

/** The page's settings the member may change: those whose permission they hold (the server checks again). */
export const editableSettings = (me: Pick<Me, "userID" | "isAdmin" | "permissions">): SettingsPageKey[] =>
  me.userID === 0
    ? []
    : settingsPageKeys.filter((key) => {
        const { write } = siteSettingRules[key];
        return write !== null && (me.isAdmin || me.permissions.includes(write));
      });

/** The submitted form → the PATCH body: each editable setting as its type (numbers from their select). */
export function settingsFromForm(form: FormData, keys: readonly SettingsPageKey[]): Record<string, SettingValue> {
  const body: Record<string, SettingValue> = {};
  for (const key of keys) {
    const raw = form.get(key);
    if (switchKeys.has(key)) body[key] = raw === "1";
    // A checkbox per content locale: the checked ones (English is always on).
    else if (key === "locales.enabled")
      body[key] = form
        .getAll(key)
        .filter((value) => typeof value === "string")
        .join(",");
    else if (typeof raw !== "string") continue;
    else if (numberKeys.has(key)) body[key] = Number(raw);
    else body[key] = raw;
  }
  return body;
}
