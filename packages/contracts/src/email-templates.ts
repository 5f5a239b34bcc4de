import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { emailTemplateRules as rules, emailTemplateStatuses, emailTemplateTypes } from "./email-templates-constants.ts";
import { notificationActivityTypes } from "./notifications-constants.ts";
import { Limit, Page } from "./pagination.ts";
import { userRules } from "./user-rules.ts";

export * from "./email-templates-constants.ts";

const Status = Type.Enum(emailTemplateStatuses, { description: "Only an active template is used for its kind." });
const Kind = Nullable(
  Type.Enum(notificationActivityTypes, {
    description: "Parley: the notification kind whose e-mail the template writes; null: a custom template.",
  }),
);
const Logo = Nullable(
  Type.String({
    maxLength: rules.logoMaxLength,
    pattern: '^(https?://[^\\s"<>]+|/(?!/)[^\\s"<>]*)?$',
    description: "The logo of this template's e-mail (an http(s) address or a path on this site); null: the site's.",
  }),
);
const Name = Type.String({ minLength: 1, maxLength: rules.nameMaxLength });
const Subject = Type.String({ minLength: 1, maxLength: rules.subjectMaxLength, description: "A template (mustache)." });
const Body = Type.String({
  minLength: 1,
  maxLength: rules.bodyMaxLength,
  description: "A template (mustache) of HTML: `{{name}}` fills in a variable, escaped; the result is sanitised.",
});
const Footer = Nullable(
  Type.String({ maxLength: rules.footerMaxLength, description: "A template (mustache); null: the site's footer." }),
);

/** An administrator's e-mail template (Vanilla's dashboard-emailTemplates.yml). */
export const EmailTemplate = Type.Object({
  emailTemplateID: Type.Integer(),
  emailType: Type.Enum(emailTemplateTypes),
  activityType: Kind,
  name: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  footer: Nullable(Type.String()),
  emailLogo: Nullable(Type.String()),
  status: Status,
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  updateUserID: Type.Integer(),
  dateUpdated: DateTime,
});
export type EmailTemplate = Static<typeof EmailTemplate>;

export const EmailTemplatePost = Type.Object({
  name: Name,
  subject: Subject,
  body: Body,
  footer: Type.Optional(Footer),
  emailLogo: Type.Optional(Logo),
  activityType: Type.Optional(Kind),
  status: Type.Optional(Status),
});
export type EmailTemplatePost = Static<typeof EmailTemplatePost>;

export const EmailTemplatePatch = Type.Partial(EmailTemplatePost);
export type EmailTemplatePatch = Static<typeof EmailTemplatePatch>;

export const EmailTemplateListQuery = Type.Object({
  emailTemplateID: Type.Optional(Type.Integer({ description: "Only this template." })),
  statuses: Type.Optional(Type.Array(Status)),
  emailType: Type.Optional(Type.Enum(emailTemplateTypes)),
  activityType: Type.Optional(Type.Enum(notificationActivityTypes)),
  sort: Type.Optional(Type.Enum(["name", "-name", "dateInserted", "-dateInserted", "dateUpdated", "-dateUpdated"])),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(rules.maxLimit, rules.defaultLimit)),
});
export type EmailTemplateListQuery = Static<typeof EmailTemplateListQuery>;

/** `POST /email-templates/{id}/preview` (Vanilla's): the template sent to an address, filled with sample values. */
export const EmailTemplateSendPreview = Type.Object({
  destinationAddress: Type.String({
    minLength: 1,
    maxLength: userRules.emailMaxLength,
    pattern: userRules.emailPattern,
  }),
});

/** Parley: `POST /email-templates/preview`: a template not yet saved, rendered with sample values. */
export const EmailTemplateDraft = Type.Object({
  subject: Subject,
  body: Body,
  footer: Type.Optional(Footer),
  emailLogo: Type.Optional(Logo),
  activityType: Type.Optional(Kind),
});
export type EmailTemplateDraft = Static<typeof EmailTemplateDraft>;

/** A rendered e-mail: its subject and both parts. */
export const RenderedEmail = Type.Object({ subject: Type.String(), html: Type.String(), text: Type.String() });
export type RenderedEmail = Static<typeof RenderedEmail>;

/** The style properties of the site's e-mail (Vanilla's TemplateStyles); a property left out is the site's. */
const Color = Type.String({ maxLength: 7, pattern: "^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6})?$" });
export const EmailTemplateStyles = Type.Object({
  logoUrl: Type.Optional(
    Type.String({ maxLength: rules.logoMaxLength, pattern: '^(https?://[^\\s"<>]+|/(?!/)[^\\s"<>]*)?$' }),
  ),
  textColor: Type.Optional(Color),
  backgroundColor: Type.Optional(Color),
  containerBackgroundColor: Type.Optional(Color),
  buttonTextColor: Type.Optional(Color),
  buttonBackgroundColor: Type.Optional(Color),
});
export type EmailTemplateStyles = Static<typeof EmailTemplateStyles>;

/** `POST /emails/preview` (Vanilla's): the site's e-mail with these styles and footer, as HTML (or text). */
export const EmailPreview = Type.Object({
  emailFormat: Type.Enum(["html", "text"]),
  templateStyles: EmailTemplateStyles,
  footer: Type.Optional(
    Type.String({ maxLength: rules.footerMaxLength, description: "Plain text; none: the site's." }),
  ),
});
export type EmailPreview = Static<typeof EmailPreview>;
