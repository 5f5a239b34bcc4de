import { smtpSecurityChoices, type SmtpSecurity } from "@parley/contracts";
import type { SiteConfig } from "../site-config.ts";
import type { MailSettings } from "./mailer.ts";

const isSmtpSecurity = (value: string): value is SmtpSecurity =>
  (smtpSecurityChoices as readonly string[]).includes(value);

/** The mail settings of the site's config (`outgoingEmails.*`, `smtp.*`); no SMTP host: no SMTP settings. */
export async function mailSettings(siteConfig: SiteConfig): Promise<MailSettings> {
  const [supportName, supportAddress, host, port, user, password, security] = await Promise.all([
    siteConfig.get("outgoingEmails.supportName"),
    siteConfig.get("outgoingEmails.supportAddress"),
    siteConfig.get("smtp.host"),
    siteConfig.get("smtp.port"),
    siteConfig.get("smtp.user"),
    siteConfig.get("smtp.password"),
    siteConfig.get("smtp.security"),
  ]);
  return {
    supportName,
    supportAddress,
    // /config checks the choice when it is set; anything else stored is the safe default.
    smtp: host ? { host, port, user, password, security: isSmtpSecurity(security) ? security : "starttls" } : null,
  };
}
