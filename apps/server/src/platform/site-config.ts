import type { Kysely } from "kysely";
import type { DB } from "./db/schema.ts";
import { nowIso } from "./dates.ts";
import {
  contentLocaleKeys,
  isContentLocaleKey,
  newMemberDefaults,
  siteSettingRules,
  uploadDefaults,
  userRules,
  type SiteSettingRule,
} from "@parley/contracts";

/** Settings and their defaults; stored values override them. */
export const siteConfigDefaults = {
  /** Seconds an author may edit their post; -1 = no limit (spec §9). */
  "ui.editContentTimeout": -1,
  "garden.title": "Parley",
  "garden.description": "A community forum built with Parley.",
  /** The picture of link previews of pages without an image of their own (an http(s) URL); "" for none. */
  "garden.shareImage": "",
  /** The site's locale; search stems words in its language (a change takes effect after `npm run reindex`). */
  "garden.locale": "en",
  "tagging.enabled": true,
  "conversations.enabled": true,
  /** The title bar's navigation (spec §3): JSON, `NavigationItem[]` or `{"<locale>": NavigationItem[]}`; "" = Posts, Categories. */
  "navigation.items": "",
  /** basic, captcha, approval, invitation, connect or closed; Register shows unless closed/invitation/connect. */
  "registration.method": "basic",
  /**
   * New members confirm their e-mail address before they may post. The server's `PARLEY_CONFIRM_EMAIL` is the
   * default (`createSiteConfig`'s `overrides`), so a deployment keeps its behaviour until the setting is stored.
   */
  "registration.confirmEmail": true,
  /**
   * Administrators must turn on two-factor authentication before anything else once signed in (issue 34). The
   * server's `PARLEY_REQUIRE_ADMIN_2FA` is the default until the setting is stored.
   */
  "security.requireAdminTwoFactor": false,
  /** Limits for new members until trusted by posts or by days (contracts' new-members-constants.ts); 0: off. */
  ...newMemberDefaults,
  /** The site's current theme (`PUT /themes/current`). */
  "theme.current": "theme-foundation",
  /**
   * Pages include the current theme's JavaScript and script addresses (and the CSP allows exactly them). Off: a
   * script runs in the site's origin with every reader's session, so an administrator turns it on knowingly.
   */
  "themes.allowCustomScripts": false,
  /** Largest upload in bytes, and the allowed extensions separated by spaces (`POST /media`). */
  "upload.maxSize": uploadDefaults.maxSize,
  "upload.allowedExtensions": uploadDefaults.allowedExtensions.join(" "),
  /** Members' signatures under their posts (spec §5), and whether narrow screens hide them. */
  "signatures.enabled": true,
  "signatures.hideMobile": false,
  /** Who's online (add-on `online`): the home page's Online now widget, the profile's Online label. */
  "online.enabled": false,
  /** Questions (add-on `qna`, Vanilla's `plugins.qna`): posts of type question, their answers' status. */
  "plugins.qna": true,
  /** Ideas (add-on `ideation`, Vanilla's `plugins.ideation`): posts of type idea, their votes and statuses. */
  "plugins.ideation": true,
  /** Polls (add-on `polls`): posts of type poll, their options and votes. */
  "plugins.polls": true,
  /**
   * Post types and post fields (add-on `postTypes`, Vanilla's custom post types): a site's own kinds of posts with
   * fields of their own. Off until a site manager turns it on.
   */
  "postTypes.enabled": false,
  /** Reputation (docs/features/reputation.md): the points an accepted answer gives its author (kept on the answer). */
  "reputation.acceptedAnswerPoints": 10,
  /** Administrators are left off the leaderboards. */
  "reputation.leaderboardExcludesAdmins": true,
  /**
   * Badges (add-on `badges`, Vanilla's badges add-on): awarded, listed and shown on profiles. Off until a site
   * manager turns it on, as in Vanilla (each member's first post would otherwise bring a notification).
   */
  "badges.enabled": false,
  /** Ranks (add-on `ranks`, Vanilla's ranks add-on): labels beside members' names by points, posts and days. Off. */
  "ranks.enabled": false,
  /** A member's own deletion (privacy page): their posts kept (shown as a deleted member's) or wiped. */
  "account.deleteMethod": "keep",
  /** Days a member's own deletion waits, deactivated, before it runs (an administrator may cancel); 0: at once. */
  "account.deleteGraceDays": 0,
  /** Scheduled drafts (Vanilla's draft-scheduling feature flag); scheduling also needs `schedule.allow`. */
  "drafts.scheduling": true,
  /**
   * Premoderation (issue 30): a member with fewer published posts (discussions and comments) than this has
   * each post held for approval; a post with more links than `maxLinks` is held. 0: the rule is off.
   */
  "premoderation.newMemberPosts": 0,
  "premoderation.maxLinks": 0,
  /** Spec §2: the search page reads `query` when the new search page is on, else `search`. */
  "search.newSearchPage": true,
  /** Spec §2's external-search setting: search results open in a new tab. */
  "search.externalNewTab": false,
  /**
   * Embedding (spec §4): pages may be framed by the host page at `embed.remoteUrl` (an http(s) address),
   * and with `embed.forceEmbed` a page opened outside that frame sends the reader to the host.
   */
  "embed.enabled": false,
  "embed.remoteUrl": "",
  "embed.forceEmbed": false,
  /**
   * Sessions started in the host page's frame (the embed element's `sso-token`, a sign-in inside the frame) go in
   * a partitioned `SameSite=None; Secure` cookie, so a host on another site keeps its visitor signed in there.
   */
  "embed.crossSiteSessions": false,
  /**
   * The moderation screens this server offers beyond the options menu's basics (comma-separated:
   * revisions, deletedComments, reports, collections, changeAuthor, merge, split). The web app shows an
   * entry only when it is listed here; each screen adds its name as it lands.
   */
  "moderation.capabilities": "revisions,deletedComments,reports,collections,changeAuthor,merge,split",
  /** The content locales readers may pick and content is translated into (comma-separated; `en` always). */
  "locales.enabled": "en",
  /** JSON `{"<localeKey>": "<translation service type>"}` (`PATCH /locales/{id}`). */
  "locales.translationServices": "",
  /** JSON `{"<type>": {settings}}` (`PUT /translation-services/{type}`). */
  "translation.services": "",
  /** The default translation service's type, or "". */
  "translation.defaultService": "",
  /** The sender of the forum's mail; empty: the server's PARLEY_MAIL_FROM. */
  "outgoingEmails.supportName": "",
  "outgoingEmails.supportAddress": "",
  /**
   * The style of the site's e-mail (Vanilla's `emailStyles.*`): the logo (an http(s) address or a path on this
   * site; "" for the site's name), colours, and the footer under every templated e-mail (plain text).
   */
  "emailStyles.image": "",
  "emailStyles.textColor": "#333333",
  "emailStyles.backgroundColor": "#eeeeee",
  "emailStyles.containerBackgroundColor": "#ffffff",
  "emailStyles.buttonTextColor": "#ffffff",
  "emailStyles.buttonBackgroundColor": "#0291db",
  "outgoingEmails.footer": "",
  /** The SMTP server (`platform/mail`); no host: the server's SMTP_URL, or the outbox. Port 0: the security's own. */
  "smtp.host": "",
  "smtp.port": 0,
  "smtp.user": "",
  "smtp.password": "",
  "smtp.security": "starttls",
  /**
   * The weekly e-mail digest (features/digest): off until a site manager turns it on; then each opted-in member
   * gets the best new discussions they may read on `dayOfWeek` (1 Monday … 7 Sunday) at `hour` in `timeZone`.
   */
  "emailDigest.enabled": false,
  "emailDigest.dayOfWeek": 1,
  "emailDigest.hour": 9,
  "emailDigest.timeZone": "UTC",
  /** Warnings (issue 30): active points that make a member read-only for `readOnlyDays`, and that ban them; 0: never. */
  "warnings.readOnlyPoints": 3,
  "warnings.readOnlyDays": 7,
  "warnings.banPoints": 5,
  /** Lines appended to /robots.txt (issue 32): one rule a line, e.g. `Disallow: /old-forum/`. */
  "seo.robotsAdditions": "",
  /**
   * Link previews (issue 32): an address alone on a line of a post shows as a card, fetched by the server. Hosts
   * listed in `allowedHosts` (separated by spaces or commas) are fetched even when they resolve to private or
   * loopback addresses (an intranet wiki); no other such address ever is (features/previews, platform/http/safe-fetch.ts).
   */
  "linkPreviews.enabled": true,
  "linkPreviews.allowedHosts": "",
  /**
   * Sign-in providers (issue 36): the server asks an OAuth 2 provider's token and profile addresses itself, and
   * refuses private and loopback addresses as link previews do, except on the hosts listed here (an intranet
   * provider; a test's own 127.0.0.1 one).
   */
  "authenticators.allowedHosts": "",
  /**
   * Webhooks (issue 39): their addresses are refused when they resolve to private or loopback addresses, as link
   * previews' are, except on the hosts listed here (an intranet receiver; a test's own 127.0.0.1 one).
   */
  "webhooks.allowedHosts": "",
  /**
   * Attachments' ticket integration (issue 40): its ticket API is refused when it resolves to a private or
   * loopback address, as webhooks' are, except on the hosts listed here (an intranet helpdesk; a test's 127.0.0.1).
   */
  "attachments.allowedHosts": "",
  /**
   * `POST /tokens/oauth`: an OAuth 2 provider's access token exchanged for one of the forum's. Off until a site
   * manager turns it on: a provider's profile answer does not say which client the access token was issued to, so
   * any app at the provider that a member signed in to could exchange its token and act here as that member.
   */
  "authenticators.tokenExchange": false,
} as const;
export type SiteConfigKey = keyof typeof siteConfigDefaults;
type Value<K extends SiteConfigKey> = (typeof siteConfigDefaults)[K] extends boolean
  ? boolean
  : (typeof siteConfigDefaults)[K] extends number
    ? number
    : string;

export type SiteConfigValue = string | number | boolean;

/** A setting's rule (contracts' `siteSettingRules`) and the server's further check of a text value. */
export interface SiteConfigRule extends SiteSettingRule {
  /** Why a value of the right type is refused, or null. */
  check?: (value: string) => string | null;
}

/** Navigation JSON (`navigation.items`): empty, a list of items, or lists by locale. */
function navigationProblem(value: string): string | null {
  if (value === "") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return "navigation.items is not valid JSON.";
  }
  const isList = (list: unknown) =>
    Array.isArray(list) &&
    list.every((item) => typeof item === "object" && item !== null && "name" in item && "url" in item);
  const valid =
    isList(parsed) ||
    (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) && Object.values(parsed).every(isList));
  return valid ? null : "navigation.items must be a list of items with a name and a url, or such lists by locale.";
}

/** The host page's address (`embed.remoteUrl`): empty, or an http(s) address without credentials. */
/** A list of host names or addresses (`feature.allowedHosts`), separated by spaces or commas. */
const hostList = (feature: string) => (value: string) =>
  value
    .split(/[\s,]+/)
    .filter(Boolean)
    .every((host) => /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$|^\[?[0-9a-f:.]+\]?$/i.test(host))
    ? null
    : `${feature}.allowedHosts lists host names or addresses (intranet.example, 10.0.0.5) separated by spaces or commas.`;

/** The hosts a `*.allowedHosts` setting lists, as safe-fetch compares them. */
export const allowedHostsOf = (value: string) => value.split(/[\s,]+/).filter(Boolean);

function remoteUrlProblem(value: string): string | null {
  if (value === "") return null;
  const url = URL.canParse(value) ? new URL(value) : null;
  return url && (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password
    ? null
    : "embed.remoteUrl must be an http or https address.";
}

/** Whether the runtime knows this IANA time zone (`Europe/Paris`). */
export function isTimeZone(value: string): boolean {
  if (!value) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A colour of the site's e-mail: #rgb or #rrggbb. */
const colorProblem = (key: string) => (value: string) =>
  /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? null : `${key} is a colour: #rgb or #rrggbb.`;

export const siteConfigRules: { readonly [K in SiteConfigKey]: SiteConfigRule } = {
  ...siteSettingRules,
  "garden.locale": {
    ...siteSettingRules["garden.locale"],
    check: (value) =>
      /^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/.test(value) ? null : "garden.locale is not a locale (en, fr, pt_BR).",
  },
  "navigation.items": { ...siteSettingRules["navigation.items"], check: navigationProblem },
  "locales.enabled": {
    ...siteSettingRules["locales.enabled"],
    check: (value) => {
      const unknown = value
        .split(",")
        .map((key) => key.trim())
        .filter((key) => key && !isContentLocaleKey(key));
      return unknown.length === 0
        ? null
        : `locales.enabled lists locales Parley offers for content (${contentLocaleKeys.join(", ")}), not ${unknown.join(", ")}.`;
    },
  },
  "embed.remoteUrl": { ...siteSettingRules["embed.remoteUrl"], check: remoteUrlProblem },
  "garden.shareImage": {
    ...siteSettingRules["garden.shareImage"],
    // An image's address link previews can load: http(s), or a path on this site; never javascript: or data:.
    check: (value) =>
      value === "" || /^https?:\/\/[^\s"<>]+$/i.test(value) || /^\/(?!\/)[^\s"<>]*$/.test(value)
        ? null
        : "garden.shareImage is an image's address: https://… or a path on this site (/uploads/…).",
  },
  "outgoingEmails.supportAddress": {
    ...siteSettingRules["outgoingEmails.supportAddress"],
    check: (value) =>
      value === "" || (new RegExp(userRules.emailPattern).test(value) && !/[<>"]/.test(value))
        ? null
        : "outgoingEmails.supportAddress is not an e-mail address.",
  },
  "outgoingEmails.supportName": {
    ...siteSettingRules["outgoingEmails.supportName"],
    // A name in a From header: no line breaks (header injection) and no angle brackets.
    check: (value) => (/[\r\n<>]/.test(value) ? "outgoingEmails.supportName cannot hold line breaks or < >." : null),
  },
  "emailStyles.image": {
    ...siteSettingRules["emailStyles.image"],
    check: (value) =>
      value === "" || /^https?:\/\/[^\s"<>]+$/i.test(value) || /^\/(?!\/)[^\s"<>]*$/.test(value)
        ? null
        : "emailStyles.image is an image's address: https://… or a path on this site (/uploads/…).",
  },
  "emailStyles.textColor": {
    ...siteSettingRules["emailStyles.textColor"],
    check: colorProblem("emailStyles.textColor"),
  },
  "emailStyles.backgroundColor": {
    ...siteSettingRules["emailStyles.backgroundColor"],
    check: colorProblem("emailStyles.backgroundColor"),
  },
  "emailStyles.containerBackgroundColor": {
    ...siteSettingRules["emailStyles.containerBackgroundColor"],
    check: colorProblem("emailStyles.containerBackgroundColor"),
  },
  "emailStyles.buttonTextColor": {
    ...siteSettingRules["emailStyles.buttonTextColor"],
    check: colorProblem("emailStyles.buttonTextColor"),
  },
  "emailStyles.buttonBackgroundColor": {
    ...siteSettingRules["emailStyles.buttonBackgroundColor"],
    check: colorProblem("emailStyles.buttonBackgroundColor"),
  },
  "outgoingEmails.footer": {
    ...siteSettingRules["outgoingEmails.footer"],
    check: (value) =>
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)
        ? "outgoingEmails.footer holds lines of text, without control characters."
        : null,
  },
  "smtp.host": {
    ...siteSettingRules["smtp.host"],
    check: (value) =>
      value === "" || /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$|^\[[0-9a-f:.]+\]$/i.test(value)
        ? null
        : "smtp.host is a host name or address, without a scheme or port (smtp.example.com).",
  },
  "emailDigest.timeZone": {
    ...siteSettingRules["emailDigest.timeZone"],
    check: (value) =>
      isTimeZone(value) ? null : "emailDigest.timeZone is a time zone's IANA name (UTC, Europe/Paris).",
  },
  "seo.robotsAdditions": {
    ...siteSettingRules["seo.robotsAdditions"],
    // Plain lines of text: no control characters but line breaks and tabs.
    check: (value) =>
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)
        ? "seo.robotsAdditions holds lines of text, without control characters."
        : null,
  },
  "linkPreviews.allowedHosts": { ...siteSettingRules["linkPreviews.allowedHosts"], check: hostList("linkPreviews") },
  "authenticators.allowedHosts": {
    ...siteSettingRules["authenticators.allowedHosts"],
    check: hostList("authenticators"),
  },
  "webhooks.allowedHosts": { ...siteSettingRules["webhooks.allowedHosts"], check: hostList("webhooks") },
  "attachments.allowedHosts": { ...siteSettingRules["attachments.allowedHosts"], check: hostList("attachments") },
  "upload.allowedExtensions": {
    ...siteSettingRules["upload.allowedExtensions"],
    check: (value) =>
      value
        .split(/[\s,]+/)
        .filter(Boolean)
        .every((extension) => /^\.?[a-z0-9]+(?:\.[a-z0-9]+)?$/i.test(extension))
        ? null
        : "upload.allowedExtensions lists extensions (letters and digits) separated by spaces or commas.",
  },
};

export const isSiteConfigKey = (key: string): key is SiteConfigKey => Object.hasOwn(siteConfigDefaults, key);

/** Cached for a few seconds, so several processes agree soon after a change without a query per request. */
const TTL_MS = 5_000;

/** Defaults that the server's own configuration decides (`registration.confirmEmail`: `PARLEY_CONFIRM_EMAIL`). */
export type SiteConfigDefaults = Partial<{ [K in SiteConfigKey]: Value<K> }>;

export function createSiteConfig(db: Kysely<DB>, overrides: SiteConfigDefaults = {}) {
  const defaults: Record<string, unknown> = { ...siteConfigDefaults, ...overrides };
  let cache: { values: Record<string, unknown>; at: number } | null = null;
  const load = async () => {
    if (cache && Date.now() - cache.at < TTL_MS) return cache.values;
    const rows = await db.selectFrom("config").select(["key", "value"]).execute();
    const values: Record<string, unknown> = {};
    for (const row of rows) {
      try {
        values[row.key] = JSON.parse(row.value);
      } catch {
        values[row.key] = row.value;
      }
    }
    cache = { values, at: Date.now() };
    return values;
  };
  return {
    async get<K extends SiteConfigKey>(key: K): Promise<Value<K>> {
      const values = await load();
      return (key in values ? values[key] : defaults[key]) as Value<K>;
    },
    async set<K extends SiteConfigKey>(key: K, value: Value<K>): Promise<void> {
      await this.setMany({ [key]: value });
    },
    /** Several settings at once: all of them stored, or none. */
    async setMany(values: Partial<Record<SiteConfigKey, SiteConfigValue>>): Promise<void> {
      const dateUpdated = nowIso();
      const rows = Object.entries(values).map(([key, value]) => ({ key, value: JSON.stringify(value), dateUpdated }));
      if (rows.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const row of rows)
          await trx
            .insertInto("config")
            .values(row)
            .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value, dateUpdated: row.dateUpdated }))
            .execute();
      });
      cache = null;
    },
  };
}

export type SiteConfig = ReturnType<typeof createSiteConfig>;
