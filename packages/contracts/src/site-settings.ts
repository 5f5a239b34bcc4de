import { msg } from "./i18n.ts";
import type { PermissionName } from "./permissions.ts";
import { newMemberMaximum } from "./new-members-constants.ts";
import { privacyRules, selfDeleteMethods } from "./privacy-constants.ts";

/**
 * Who may read and change each site setting through `/config` (Vanilla's `x-read` and `x-write`), and what a
 * new value must be beyond its type: shared by the server, which enforces it, and the settings page, which
 * shows a member the settings they may change. No TypeBox here: the web app imports it.
 */
export interface SiteSettingRule {
  /** Everyone (guests too), holders of a permission, or nobody (a secret: written, never read back). */
  read: "public" | PermissionName | null;
  /** Holders of this permission; null when `/config` does not change it (another endpoint or the server does). */
  write: PermissionName | null;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** The allowed values (compared without case; stored as listed). */
  oneOf?: readonly string[];
}

/** How members register (Vanilla's `registration.method`, lower-cased, and `closed`). */
export const registrationMethods = ["basic", "captcha", "approval", "invitation", "connect", "closed"] as const;
export type RegistrationMethod = (typeof registrationMethods)[number];

/**
 * The methods under which anyone may register here (spec §2: "Register only if available"). Captcha asks
 * the site's bot check (`PARLEY_BOT_CHECK`; as basic while none is configured); under approval a new account
 * waits for an administrator (`/applicants`). Under invitation only an invited address registers (with its
 * invitation's code: `registerUser`), so it is not open to anyone; connect makes accounts only through an
 * authenticator.
 */
export const openRegistrationMethods: readonly RegistrationMethod[] = ["basic", "captcha", "approval"];

/** Whether new accounts wait for an administrator's approval. */
export const isRegistrationByApproval = (method: string) => method.toLowerCase() === "approval";

export const isRegistrationOpen = (method: string) =>
  (openRegistrationMethods as readonly string[]).includes(method.toLowerCase());

/**
 * How the connection to the SMTP server is protected: STARTTLS on a plain connection (port 587), TLS from the
 * first byte (465), or none (a server on the same machine).
 */
export const smtpSecurityChoices = ["starttls", "tls", "none"] as const;
export type SmtpSecurity = (typeof smtpSecurityChoices)[number];

/** The port each protection uses when `smtp.port` is 0. */
export const smtpDefaultPorts: Record<SmtpSecurity, number> = { starttls: 587, tls: 465, none: 25 };

export const siteSettingRules = {
  // What the site says: community managers.
  "garden.title": { read: "public", write: "community.manage", maxLength: 255 },
  "garden.description": { read: "public", write: "community.manage", maxLength: 350 },
  /** The picture of link previews (Open Graph, Twitter Card) of pages without one of their own: an http(s) URL. */
  "garden.shareImage": { read: "public", write: "community.manage", maxLength: 500 },
  "ui.editContentTimeout": { read: "public", write: "community.manage", minimum: -1 },
  // How it works: site managers.
  "garden.locale": { read: "public", write: "site.manage", maxLength: 100 },
  "tagging.enabled": { read: "public", write: "site.manage" },
  "conversations.enabled": { read: "public", write: "site.manage" },
  "navigation.items": { read: "site.manage", write: "site.manage", maxLength: 100_000 },
  "registration.method": { read: "public", write: "site.manage", oneOf: registrationMethods },
  // New members confirm their e-mail address before they may post (the server's PARLEY_CONFIRM_EMAIL until set).
  "registration.confirmEmail": { read: "public", write: "site.manage" },
  // Administrators must sign in with two-factor (the server's PARLEY_REQUIRE_ADMIN_2FA until set).
  "security.requireAdminTwoFactor": { read: "site.manage", write: "site.manage" },
  // Limits for new members (new-members-constants.ts): every member's composer and profile show them.
  "newMembers.postsPerDay": { read: "public", write: "site.manage", minimum: 0, maximum: newMemberMaximum },
  "newMembers.maxLinks": { read: "public", write: "site.manage", minimum: 0, maximum: newMemberMaximum },
  "newMembers.maxImages": { read: "public", write: "site.manage", minimum: 0, maximum: newMemberMaximum },
  "newMembers.canMessage": { read: "public", write: "site.manage" },
  "newMembers.trustPosts": { read: "public", write: "site.manage", minimum: 0, maximum: newMemberMaximum },
  "newMembers.trustDays": { read: "public", write: "site.manage", minimum: 0, maximum: newMemberMaximum },
  // PUT /themes/current changes it (and checks the theme exists).
  "theme.current": { read: "public", write: null },
  // Pages include the current theme's JavaScript and scripts: code of the site's own, run in its origin (issue 36).
  "themes.allowCustomScripts": { read: "site.manage", write: "site.manage" },
  "upload.maxSize": { read: "session.valid", write: "site.manage", minimum: 1 },
  "upload.allowedExtensions": { read: "session.valid", write: "site.manage", maxLength: 2_000 },
  "signatures.enabled": { read: "public", write: "site.manage" },
  "signatures.hideMobile": { read: "public", write: "site.manage" },
  "online.enabled": { read: "public", write: "site.manage" },
  "plugins.qna": { read: "public", write: "site.manage" },
  "plugins.ideation": { read: "public", write: "site.manage" },
  "plugins.polls": { read: "public", write: "site.manage" },
  "postTypes.enabled": { read: "public", write: "site.manage" },
  // Reputation (reputation.md): what an accepted answer gives its author; badges and the leaderboard's admins.
  "reputation.acceptedAnswerPoints": { read: "public", write: "site.manage", minimum: 0, maximum: 1_000 },
  "reputation.leaderboardExcludesAdmins": { read: "public", write: "site.manage" },
  "badges.enabled": { read: "public", write: "site.manage" },
  "ranks.enabled": { read: "public", write: "site.manage" },
  // A member deleting their own account (the privacy page): what happens to their posts, and the days it waits.
  "account.deleteMethod": { read: "session.valid", write: "site.manage", oneOf: selfDeleteMethods },
  "account.deleteGraceDays": {
    read: "session.valid",
    write: "site.manage",
    minimum: 0,
    maximum: privacyRules.deleteGraceMaxDays,
  },
  "drafts.scheduling": { read: "public", write: "site.manage" },
  // Premoderation (issue 30): hold the posts of members with fewer published posts than this, and posts with
  // more links than this, for a moderator's approval; 0 turns the rule off.
  "premoderation.newMemberPosts": { read: "session.valid", write: "community.manage", minimum: 0, maximum: 1_000 },
  "premoderation.maxLinks": { read: "session.valid", write: "community.manage", minimum: 0, maximum: 1_000 },
  "search.newSearchPage": { read: "public", write: "site.manage" },
  "search.externalNewTab": { read: "public", write: "site.manage" },
  // Embedding in a host page (spec §4). Vanilla lets site managers alone read them; here every visitor's
  // page needs them (messages go to the host's origin only, and the forced embed sends readers there),
  // and the host's address is public anyway in the pages' frame-ancestors header.
  "embed.enabled": { read: "public", write: "site.manage" },
  "embed.remoteUrl": { read: "public", write: "site.manage", maxLength: 500 },
  "embed.forceEmbed": { read: "public", write: "site.manage" },
  // Sessions in the frame of a host page on another site (a partitioned SameSite=None cookie; https only).
  "embed.crossSiteSessions": { read: "site.manage", write: "site.manage" },
  // What this server offers: not a preference.
  "moderation.capabilities": { read: "public", write: null },
  // Content locales (comma-separated keys; `en` always), and what /locales and /translation-services
  // store: the service of each locale (JSON), each service's settings (JSON; site managers only) and the
  // default service.
  "locales.enabled": { read: "public", write: "site.manage", maxLength: 200 },
  "locales.translationServices": { read: "site.manage", write: null },
  "translation.services": { read: "site.manage", write: null },
  "translation.defaultService": { read: "site.manage", write: null },
  // Outgoing mail: the sender (Vanilla's outgoingEmails.*), and the SMTP server that carries it (site managers:
  // the password is written, never read back). Without a host, mail goes where the server's SMTP_URL says, or
  // to the outbox.
  "outgoingEmails.supportName": { read: "community.manage", write: "community.manage", maxLength: 100 },
  "outgoingEmails.supportAddress": { read: "community.manage", write: "community.manage", maxLength: 200 },
  // The style of the site's e-mail (Vanilla's emailStyles.*, and its outgoingEmails.footer): used by e-mail
  // templates (issue 39) and POST /emails/preview. Colours are #rgb or #rrggbb; the logo an http(s) address or
  // a path on this site; the footer plain text.
  "emailStyles.image": { read: "site.manage", write: "site.manage", maxLength: 500 },
  "emailStyles.textColor": { read: "site.manage", write: "site.manage", maxLength: 7 },
  "emailStyles.backgroundColor": { read: "site.manage", write: "site.manage", maxLength: 7 },
  "emailStyles.containerBackgroundColor": { read: "site.manage", write: "site.manage", maxLength: 7 },
  "emailStyles.buttonTextColor": { read: "site.manage", write: "site.manage", maxLength: 7 },
  "emailStyles.buttonBackgroundColor": { read: "site.manage", write: "site.manage", maxLength: 7 },
  "outgoingEmails.footer": { read: "site.manage", write: "site.manage", maxLength: 2_000 },
  "smtp.host": { read: "site.manage", write: "site.manage", maxLength: 255 },
  "smtp.port": { read: "site.manage", write: "site.manage", minimum: 0, maximum: 65_535 },
  "smtp.user": { read: "site.manage", write: "site.manage", maxLength: 255 },
  "smtp.password": { read: null, write: "site.manage", maxLength: 255 },
  "smtp.security": { read: "site.manage", write: "site.manage", oneOf: smtpSecurityChoices },
  // The e-mail digest (Vanilla's emailDigest.*, features/digest): weekly, on a day (1 Monday … 7 Sunday) at an
  // hour of the site's time zone (an IANA name; members have no time zone of their own).
  "emailDigest.enabled": { read: "site.manage", write: "site.manage" },
  "emailDigest.dayOfWeek": { read: "site.manage", write: "site.manage", minimum: 1, maximum: 7 },
  "emailDigest.hour": { read: "site.manage", write: "site.manage", minimum: 0, maximum: 23 },
  "emailDigest.timeZone": { read: "site.manage", write: "site.manage", maxLength: 64 },
  // Warnings' automatic consequences (points of unexpired warnings; 0: never): moderators read them when they warn.
  "warnings.readOnlyPoints": { read: "community.moderate", write: "site.manage", minimum: 0, maximum: 10_000 },
  "warnings.readOnlyDays": { read: "community.moderate", write: "site.manage", minimum: 1, maximum: 3_650 },
  "warnings.banPoints": { read: "community.moderate", write: "site.manage", minimum: 0, maximum: 10_000 },
  // Lines an administrator adds to /robots.txt (issue 32), after the forum's own rules.
  "seo.robotsAdditions": { read: "site.manage", write: "site.manage", maxLength: 5_000 },
  // Link previews: cards for addresses alone on a line, and the hosts fetched even on private addresses.
  "linkPreviews.enabled": { read: "site.manage", write: "site.manage" },
  "linkPreviews.allowedHosts": { read: "site.manage", write: "site.manage", maxLength: 1_000 },
  "webhooks.allowedHosts": { read: "site.manage", write: "site.manage", maxLength: 1_000 },
  "attachments.allowedHosts": { read: "site.manage", write: "site.manage", maxLength: 1_000 },
  "authenticators.allowedHosts": { read: "site.manage", write: "site.manage", maxLength: 1_000 },
  // Exchanging an OAuth 2 provider's access tokens for the forum's (`POST /tokens/oauth`): off by default.
  "authenticators.tokenExchange": { read: "site.manage", write: "site.manage" },
} as const satisfies Record<string, SiteSettingRule>;

export type SiteSettingKey = keyof typeof siteSettingRules;

/**
 * The edit windows the settings page offers (`ui.editContentTimeout`, seconds; -1: no limit), as Vanilla's
 * dashboard lists them.
 */
export const editWindowChoices = [
  { seconds: 0, label: msg("Authors may never edit") },
  { seconds: 350, label: msg("Authors may edit for 5 minutes") },
  { seconds: 900, label: msg("Authors may edit for 15 minutes") },
  { seconds: 3_600, label: msg("Authors may edit for 1 hour") },
  { seconds: 14_400, label: msg("Authors may edit for 4 hours") },
  { seconds: 86_400, label: msg("Authors may edit for 1 day") },
  { seconds: 604_800, label: msg("Authors may edit for 1 week") },
  { seconds: 2_592_000, label: msg("Authors may edit for 1 month") },
  { seconds: -1, label: msg("Authors may always edit") },
] as const;
