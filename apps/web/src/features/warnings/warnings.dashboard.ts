import type { ModerationMessagePost } from "@parley/contracts";
import {
  moderationMessageLocations,
  moderationMessageRules,
  moderationMessageTypes,
} from "@parley/contracts/warnings-constants";
import { formValue } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";

/** The formats the dashboard's form offers for a message's text. */
export const messageFormats = ["markdown", "text", "html"] as const;

export const messageFormatLabels = (): Record<(typeof messageFormats)[number], string> => ({
  markdown: t("Markdown"),
  text: t("Plain text"),
  html: t("HTML"),
});

export const messageTypeLabels = (): Record<(typeof moderationMessageTypes)[number], string> => ({
  casual: t("Casual"),
  info: t("Information"),
  alert: t("Alert"),
  warning: t("Warning"),
});

export const messageLocationLabels = (): Record<(typeof moderationMessageLocations)[number], string> => ({
  content: t("Content: above the page's content"),
  panel: t("Panel: shown above the content too, until layouts have a panel slot"),
});

const oneOf = <T extends string>(value: string, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** A message's form as posted: the body to send, and the values to show again if it is refused. */
export function readMessageForm(form: FormData) {
  const values: Record<string, string> = {};
  for (const name of ["intent", "moderationMessageID", "body", "format", "type", "viewLocation", "categoryID", "sort"])
    values[name] = formValue(form, name);
  for (const name of ["includeDescendants", "isEnabled", "isDismissible"]) values[name] = form.has(name) ? "1" : "";
  const errors: Record<string, string> = {};
  const body = values["body"] ?? "";
  if (!body.trim()) errors["body"] = t("Write the message.");
  if (body.length > moderationMessageRules.bodyMaxLength)
    errors["body"] = t("A message has at most {count} characters.", { count: moderationMessageRules.bodyMaxLength });
  const categoryID = Number.parseInt(values["categoryID"] ?? "", 10);
  const sort = Number.parseInt(values["sort"] ?? "", 10);
  const message: ModerationMessagePost = {
    body,
    format: oneOf(values["format"] ?? "", messageFormats, "markdown"),
    type: oneOf(values["type"] ?? "", moderationMessageTypes, "info"),
    viewLocation: oneOf(values["viewLocation"] ?? "", moderationMessageLocations, "content"),
    recordType: categoryID > 0 ? "category" : null,
    recordID: categoryID > 0 ? categoryID : null,
    includeDescendants: Boolean(values["includeDescendants"]),
    isEnabled: Boolean(values["isEnabled"]),
    isDismissible: Boolean(values["isDismissible"]),
    sort: Number.isFinite(sort) ? sort : 0,
  };
  return { message, values, errors };
}
