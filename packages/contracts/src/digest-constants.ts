import { msg } from "./i18n.ts";

/** The digest's delivery days (`emailDigest.dayOfWeek`: ISO, 1 Monday … 7 Sunday), for the settings page. */
export const digestDays = [
  { value: 1, label: msg("Monday") },
  { value: 2, label: msg("Tuesday") },
  { value: 3, label: msg("Wednesday") },
  { value: 4, label: msg("Thursday") },
  { value: 5, label: msg("Friday") },
  { value: 6, label: msg("Saturday") },
  { value: 7, label: msg("Sunday") },
] as const;

/** Discussions a digest lists at most. */
export const digestMaxDiscussions = 10;

/** The digest e-mail's sentences (`{site}`, `{count}`, `{name}` filled in). */
export const digestMessages = {
  subject: "This week on {site}",
  intro: "Hi {name}, here are the best new discussions on {site} this week.",
  followed: "From the categories you follow.",
  comments: "{count} comments",
  footer: 'You get this e-mail because you turned on the "Email Digest" in your notification preferences.',
  unsubscribe: "Unsubscribe",
  testFailed: "The digest could not be sent: {reason}",
} as const;
