import Mustache, { type TemplateSpans } from "mustache";
import {
  emailTemplateMessages as messages,
  emailTemplateVariables,
  notificationPreferenceLabels,
  type EmailTemplateVariable,
  type FieldError,
  type NotificationActivityType,
  type RenderedEmail,
} from "@parley/contracts";
import { fieldError } from "../../platform/errors.ts";
import { emailStyle, styledEmailHtml } from "../../platform/mail/email-style.ts";
import { htmlToMailText, sanitizeSiteHtml } from "../../platform/render/index.ts";
import type { SiteConfig } from "../../platform/site-config.ts";

/** What a template is made of: mustache text, checked when saved. */
export interface TemplateSource {
  activityType: NotificationActivityType | null;
  subject: string;
  body: string;
  footer: string | null;
  emailLogo: string | null;
}

/** The values of an e-mail; only those its kind offers reach the template. */
export type TemplateValues = Partial<Record<EmailTemplateVariable, string>>;

const fill = (template: string, values: Record<string, string>) =>
  Object.entries(values).reduce((text, [key, value]) => text.replaceAll(`{${key}}`, value), template);

/** The problems of one field's template: its syntax, and every tag the kinds' variables do not allow. */
function templateProblems(field: string, template: string, offered: EmailTemplateVariable[]): FieldError[] {
  let spans: TemplateSpans;
  try {
    spans = Mustache.parse(template);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [fieldError(field, "invalid", fill(messages.syntax, { field, reason }), 422)];
  }
  const problems: FieldError[] = [];
  const reported = new Set<string>();
  const report = (key: string, message: string) => {
    if (reported.has(key)) return;
    reported.add(key);
    problems.push(fieldError(field, "invalid", message, 422));
  };
  const allowed = new Set<string>([...offered, "."]);
  const walk = (list: TemplateSpans) => {
    for (const span of list) {
      const [type, name] = span;
      if (type === "&") report(`&${name}`, fill(messages.unescaped, { field, name, plain: name }));
      else if (type === ">") report(`>${name}`, fill(messages.partial, { field, name }));
      else if (type === "=") report("=", fill(messages.delimiters, { field }));
      else if ((type === "name" || type === "#" || type === "^") && !allowed.has(name))
        report(name, fill(messages.unknownVariable, { field, name, offered: offered.join(", ") }));
      if ((type === "#" || type === "^") && Array.isArray(span[4])) walk(span[4]);
    }
  };
  walk(spans);
  return problems;
}

/** Every problem of a template's fields (an empty list: it may be saved). */
export function checkTemplate(source: Omit<TemplateSource, "emailLogo">): FieldError[] {
  const offered = emailTemplateVariables(source.activityType);
  return [
    ...templateProblems("subject", source.subject, offered),
    ...templateProblems("body", source.body, offered),
    ...(source.footer ? templateProblems("footer", source.footer, offered) : []),
  ];
}

const plain = { escape: (value: unknown) => String(value) };

/**
 * A template filled in: the view holds only the variables its kind offers; `{{ }}` escapes them in the HTML,
 * which then goes through the one sanitiser; the subject is one line of text; the text part is the HTML's text.
 * The site's style (logo, colours, footer) wraps the HTML.
 */
export async function renderTemplate(
  source: TemplateSource,
  values: TemplateValues,
  site: { siteConfig: SiteConfig; origin: string; siteName: string },
): Promise<RenderedEmail> {
  const view = Object.fromEntries(
    emailTemplateVariables(source.activityType).map((name) => [name, values[name] ?? ""]),
  );
  const subject = Mustache.render(source.subject, view, {}, plain).replace(/\s+/g, " ").trim();
  const bodyHtml = sanitizeSiteHtml(Mustache.render(source.body, view), site.origin);
  const footerHtml = source.footer ? sanitizeSiteHtml(Mustache.render(source.footer, view), site.origin) : null;
  const stored = await emailStyle(site.siteConfig);
  const style = source.emailLogo ? { ...stored, logoUrl: source.emailLogo } : stored;
  const html = styledEmailHtml(style, {
    siteName: site.siteName,
    origin: site.origin,
    contentHtml: bodyHtml,
    footerHtml,
  });
  const footerText = footerHtml !== null ? htmlToMailText(footerHtml) : style.footer;
  const text = [htmlToMailText(bodyHtml), footerText ? `--\n${footerText}` : ""].filter(Boolean).join("\n\n");
  return { subject, html, text: `${text}\n` };
}

/** Sample values for previews: what a real e-mail of the kind would hold. */
export function sampleValues(activityType: NotificationActivityType | null, origin: string, siteName: string) {
  return {
    siteName,
    siteUrl: origin,
    recipientName: messages.previewRecipient,
    headline: fill(messages.previewHeadline, { site: siteName }),
    excerpt: messages.previewExcerpt,
    url: `${origin}/discussions`,
    notificationLabel: activityType ? notificationPreferenceLabels[activityType].label : "",
    unsubscribeUrl: `${origin}/unsubscribe/sample`,
  } satisfies Record<EmailTemplateVariable, string>;
}
