import type { Me } from "@parley/contracts";
import type { SiteSettingKey } from "@parley/contracts/site-settings";

export const emailSettingsPath = "/dashboard/settings/email";

/** The outgoing mail page's settings (GET and PATCH /config); the password is written, never read. */
export const emailSettingKeys = [
  "outgoingEmails.supportName",
  "outgoingEmails.supportAddress",
  "smtp.host",
  "smtp.port",
  "smtp.security",
  "smtp.user",
] as const satisfies readonly SiteSettingKey[];
export type EmailSettingKey = (typeof emailSettingKeys)[number];
export type EmailSettings = Partial<Record<EmailSettingKey, string | number>>;

/** Who sets where the forum's mail goes: site managers (the server checks again). */
export const canManageEmail = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));

/**
 * The submitted settings → the PATCH body. The password field is empty unless a new one is typed: empty keeps
 * the stored one, and "Forget the password" clears it. A port left empty is 0: the security's usual port.
 */
export function emailSettingsFromForm(form: FormData): Record<string, string | number> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const body: Record<string, string | number> = {
    "outgoingEmails.supportName": text("outgoingEmails.supportName"),
    "outgoingEmails.supportAddress": text("outgoingEmails.supportAddress"),
    "smtp.host": text("smtp.host"),
    "smtp.user": text("smtp.user"),
  };
  // Not one of the choices: sent as is, for the server to refuse under its field.
  body["smtp.security"] = text("smtp.security") || "starttls";
  const port = text("smtp.port");
  // Not a whole number: sent as typed, for the server to refuse under its field.
  body["smtp.port"] = port === "" ? 0 : /^\d+$/.test(port) ? Number(port) : port;
  const password = form.get("smtp.password");
  if (typeof password === "string" && password !== "") body["smtp.password"] = password;
  else if (form.get("forgetPassword") === "1") body["smtp.password"] = "";
  return body;
}
