/**
 * Warnings, moderators' notes and moderation messages (issue 30): rules, messages and paths shared by server
 * and web. Free of TypeBox, so the browser bundle can import it.
 */
export const warningRules = {
  /** Characters of a warning's reason. */
  reasonMaxLength: 500,
  /** Points one warning may give. */
  maxPoints: 100,
  /** Days a warning may count before it expires (0: it never does). */
  maxExpireDays: 3_650,
  defaultPoints: 1,
  defaultExpireDays: 30,
  /** Characters of a moderator's note. */
  noteMaxLength: 2_000,
  /** Notes and warnings one page lists (newest first). */
  listLimit: 100,
} as const;

/** What a warning led to when it was given: nothing more, read-only for a time, or a ban. */
export const warningConsequences = ["none", "readOnly", "ban"] as const;
export type WarningConsequence = (typeof warningConsequences)[number];

/** Site settings (`/config`) for the automatic consequences, and their defaults (0 points: never). */
export const warningSettingDefaults = {
  "warnings.readOnlyPoints": 3,
  "warnings.readOnlyDays": 7,
  "warnings.banPoints": 5,
} as const;

export const warningMessages = {
  /** The 403 of a read-only member's post, comment, message or reaction; `{date}` is when it ends. */
  readOnly: "You have been warned and can't post until {date}.",
  cannotWarnSelf: "You can't warn yourself.",
  alreadyReversed: "This warning has already been reversed.",
  /** The reason given for a ban at the threshold. */
  banReason: "Warning points reached {points}.",
} as const;

/** The read-only 403's sentence for a date (ISO 8601). */
export const readOnlyMessage = (until: string) => warningMessages.readOnly.replace("{date}", until.slice(0, 10));

export const moderationMessageTypes = ["casual", "info", "alert", "warning"] as const;
export type ModerationMessageType = (typeof moderationMessageTypes)[number];
export const moderationMessageLocations = ["content", "panel"] as const;
export type ModerationMessageLocation = (typeof moderationMessageLocations)[number];

export const moderationMessageRules = {
  bodyMaxLength: 10_000,
  maxMessages: 200,
} as const;
