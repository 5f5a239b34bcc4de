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
  "emailDigest.enabled",
  "emailDigest.dayOfWeek",
  "emailDigest.hour",
  "emailDigest.timeZone",
] as const satisfies readonly SiteSettingKey[];
export type EmailSettingKey = (typeof emailSettingKeys)[number];
export type EmailSettings = Partial<Record<EmailSettingKey, string | number | boolean>>;

/** The digest's hours, 0–23, as the settings page offers them. */
export const digestHours = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, "0")}:00`,
}));

/** Who sets where the forum's mail goes: site managers (the server checks again). */
export const canManageEmail = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));

/**
 * The submitted settings → the PATCH body. The password field is empty unless a new one is typed: empty keeps
 * the stored one, and "Forget the password" clears it. A port left empty is 0: the security's usual port.
 */
export function emailSettingsFromForm(form: FormData): Record<string, string | number | boolean> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  // A number as typed or chosen; anything else sent as is, for the server to refuse under its field.
  const whole = (name: string, empty: number) =>
    text(name) === "" ? empty : /^\d+$/.test(text(name)) ? Number(text(name)) : text(name);
  const body: Record<string, string | number | boolean> = {
    "outgoingEmails.supportName": text("outgoingEmails.supportName"),
    "outgoingEmails.supportAddress": text("outgoingEmails.supportAddress"),
    "smtp.host": text("smtp.host"),
    "smtp.user": text("smtp.user"),
    // The weekly digest: on or off, its day (1 Monday … 7 Sunday), hour and time zone.
    "emailDigest.enabled": form.get("emailDigest.enabled") === "1",
    "emailDigest.dayOfWeek": whole("emailDigest.dayOfWeek", 1),
    "emailDigest.hour": whole("emailDigest.hour", 9),
    "emailDigest.timeZone": text("emailDigest.timeZone") || "UTC",
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
