import { msg } from "./i18n.ts";
import { notificationActivityTypes, type NotificationActivityType } from "./notifications-constants.ts";

/** E-mail templates without TypeBox, for the web bundle: limits, statuses and the variables each kind offers. */
export const emailTemplateRules = {
  nameMaxLength: 100,
  subjectMaxLength: 300,
  bodyMaxLength: 20_000,
  footerMaxLength: 2_000,
  logoMaxLength: 500,
  defaultLimit: 30,
  maxLimit: 100,
} as const;

export const emailTemplateStatuses = ["active", "inactive"] as const;
export type EmailTemplateStatus = (typeof emailTemplateStatuses)[number];

/** Vanilla's `emailType`: `system` replaces a notification kind's e-mail, `custom` is sent only as a preview. */
export const emailTemplateTypes = ["system", "custom"] as const;

/** The variables a template may use (`{{name}}`), with what each holds. */
export const emailTemplateVariableDescriptions = {
  siteName: msg("The site's name."),
  siteUrl: msg("The site's address."),
  recipientName: msg("The name of the member the e-mail goes to."),
  headline: msg("The notification's sentence, such as “Ned commented on Mail me.”"),
  excerpt: msg("An excerpt of the post the notification is about (empty when there is none)."),
  url: msg("The address of what the notification is about."),
  notificationLabel: msg("The name of the notification setting that sends this e-mail."),
  unsubscribeUrl: msg("The address that turns this kind of e-mail off."),
} as const;
export type EmailTemplateVariable = keyof typeof emailTemplateVariableDescriptions;

const everyone: EmailTemplateVariable[] = ["siteName", "siteUrl", "recipientName"];
const notification: EmailTemplateVariable[] = [...everyone, "headline", "url", "notificationLabel", "unsubscribeUrl"];
/** Kinds about a post: their e-mail may quote it. */
const postKinds: ReadonlySet<NotificationActivityType> = new Set([
  "DiscussionComment",
  "BookmarkComment",
  "ParticipateComment",
  "Mention",
  "Quote",
]);

/** The variables offered to a template of a notification kind (null: a custom template, the site's alone). */
export function emailTemplateVariables(activityType: NotificationActivityType | null): EmailTemplateVariable[] {
  if (activityType === null) return everyone;
  return postKinds.has(activityType) ? [...notification, "excerpt"] : notification;
}

export const isEmailTemplateKind = (value: string): value is NotificationActivityType =>
  (notificationActivityTypes as readonly string[]).includes(value);

/** The sentences of e-mail templates and previews. */
export const emailTemplateMessages = {
  syntax: "{field} is not a valid template: {reason}",
  unknownVariable: "{field} uses {{{name}}}, which this kind of e-mail does not offer ({offered}).",
  unescaped: "{field} uses {{{name}}} without escaping; write {{{plain}}} instead.",
  partial: "{field} includes another template ({{>{name}}}), which e-mail templates cannot do.",
  delimiters: "{field} changes the template's delimiters, which e-mail templates cannot do.",
  previewSubject: "A preview of the e-mail of {site}",
  previewHeadline: "This is how the e-mail of {site} looks.",
  previewExcerpt: "An excerpt of a post shows here.",
  previewButton: "View it",
  previewRecipient: "Sample Member",
} as const;
