import { isEmailTemplateKind } from "@parley/contracts/email-templates-constants";
import type { NotificationActivityType } from "@parley/contracts/notifications-constants";

export const emailTemplatesPath = "/dashboard/settings/email-templates";

/** The address of a template's editor, or of a new template's. */
export const emailTemplatePath = (emailTemplateID: number | "new") => `${emailTemplatesPath}?edit=${emailTemplateID}`;

/** A template's fields as the form sends them: the body of POST or PATCH /email-templates, and of the preview. */
export interface EmailTemplateForm {
  name: string;
  activityType: NotificationActivityType | null;
  status: "active" | "inactive";
  subject: string;
  body: string;
  footer: string | null;
  emailLogo: string | null;
}

/**
 * The submitted form → the template's fields. Empty footer and logo are none (the site's); a kind that is not one
 * is none (a custom template). Subject, body and name are sent as typed, for the server to check.
 */
export function emailTemplateFromForm(form: FormData): EmailTemplateForm {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const kind = text("activityType");
  return {
    name: text("name").trim(),
    activityType: isEmailTemplateKind(kind) ? kind : null,
    status: text("status") === "inactive" ? "inactive" : "active",
    subject: text("subject").trim(),
    body: text("body"),
    footer: text("footer").trim() === "" ? null : text("footer"),
    emailLogo: text("emailLogo").trim() || null,
  };
}

/** The form's values to show again after a refusal or a preview. */
export const emailTemplateFormValues = (template: EmailTemplateForm): Record<string, string> => ({
  name: template.name,
  activityType: template.activityType ?? "",
  status: template.status,
  subject: template.subject,
  body: template.body,
  footer: template.footer ?? "",
  emailLogo: template.emailLogo ?? "",
});

/** `?edit=` → a template's id, "new", or null (the list alone). */
export function editedTemplate(search: URLSearchParams): number | "new" | null {
  const edit = search.get("edit");
  if (edit === "new") return "new";
  return edit !== null && /^[1-9]\d{0,9}$/.test(edit) ? Number(edit) : null;
}
