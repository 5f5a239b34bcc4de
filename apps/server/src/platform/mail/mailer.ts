import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { smtpDefaultPorts, type SmtpSecurity } from "@parley/contracts";
import type { Clock } from "../clock.ts";
import { HttpError } from "../errors.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface OutboxMail extends Mail {
  id: string;
  from: string;
  dateInserted: string;
}

/** The SMTP server of the site's settings (`smtp.*`); a port of 0 is the security's usual port. */
interface SmtpSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  security: SmtpSecurity;
}

/** What the site's settings say about its mail (`outgoingEmails.*`, `smtp.*`), read for each message. */
export interface MailSettings {
  /** The sender; empty: the server's PARLEY_MAIL_FROM (a name alone renames that sender). */
  supportName: string;
  supportAddress: string;
  /** null: no host set, so the server's SMTP_URL, or the outbox. */
  smtp: SmtpSettings | null;
}

/** Where mail goes now. */
type MailRoute =
  | { kind: "smtp"; source: "settings"; host: string; port: number }
  | { kind: "smtp"; source: "environment"; host: string; port: number }
  | { kind: "outbox" };

export interface Mailer {
  /** Sends one message by the route the settings give now (SMTP errors reject). */
  send(mail: Mail, options?: { from?: { name: string; address: string } }): Promise<void>;
  route(): Promise<MailRoute>;
}

/** An address with a display name, quoted as RFC 5322 wants. */
const formatAddress = (name: string, address: string) =>
  name ? `"${name.replace(/["\\]/g, "\\$&")}" <${address}>` : address;

/** The sender: the settings' address and name, else the server's, renamed when only a name is set. */
function senderOf(settings: MailSettings, fallback: string): string {
  if (settings.supportAddress) return formatAddress(settings.supportName, settings.supportAddress);
  if (!settings.supportName) return fallback;
  const address = /<([^>]+)>\s*$/.exec(fallback)?.[1] ?? fallback.trim();
  return formatAddress(settings.supportName, address);
}

// A test message is waited for in the dashboard: a server that does not answer fails in seconds, not minutes.
const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

function transportOptions(smtp: SmtpSettings): SMTPTransport.Options {
  return {
    host: smtp.host,
    port: smtp.port || smtpDefaultPorts[smtp.security],
    secure: smtp.security === "tls",
    // STARTTLS is required, not just tried, when asked for: a password never crosses in the clear.
    requireTLS: smtp.security === "starttls",
    ignoreTLS: smtp.security === "none",
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password } } : {}),
    ...timeouts,
  };
}

/**
 * Mail by the site's settings at the time of sending: their SMTP server when a host is set, else the server's
 * SMTP_URL, else the outbox folder of the data dir (one JSON file per message, newest last), which admins read
 * through the API. The settings are read for each message (the site config caches them for seconds), so a
 * change on the dashboard reaches every process; a transport is kept while its settings stay the same.
 */
export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  settings: () => Promise<MailSettings>;
  clock: Clock;
}): Mailer {
  let kept: { key: string; transport: Transporter } | null = null;
  const transportFor = (key: string, create: () => Transporter) => {
    if (kept?.key !== key) {
      kept?.transport.close();
      kept = { key, transport: create() };
    }
    return kept.transport;
  };
  const environmentUrl = options.smtpUrl ? new URL(options.smtpUrl) : null;

  async function toOutbox(mail: Mail, from: string): Promise<void> {
    await fs.mkdir(options.outboxDir, { recursive: true });
    const dateInserted = options.clock.now().toISOString();
    const id = `${dateInserted.replace(/[-:.TZ]/g, "")}-${randomBytes(4).toString("hex")}`;
    const message: OutboxMail = { id, from, dateInserted, ...mail };
    const file = path.join(options.outboxDir, `${id}.json`);
    await fs.writeFile(`${file}.tmp`, JSON.stringify(message, null, 2));
    await fs.rename(`${file}.tmp`, file);
  }

  return {
    async send(mail, sendOptions = {}) {
      const settings = await options.settings();
      const from = sendOptions.from
        ? formatAddress(sendOptions.from.name, sendOptions.from.address)
        : senderOf(settings, options.from);
      let transport: Transporter | null = null;
      if (settings.smtp) {
        const smtp = transportOptions(settings.smtp);
        transport = transportFor(JSON.stringify(smtp), () => nodemailer.createTransport(smtp));
      } else if (options.smtpUrl) {
        transport = transportFor(options.smtpUrl, () => nodemailer.createTransport(options.smtpUrl!));
      }
      if (transport) await transport.sendMail({ from, ...mail });
      else await toOutbox(mail, from);
    },
    async route() {
      const { smtp } = await options.settings();
      if (smtp)
        return {
          kind: "smtp",
          source: "settings",
          host: smtp.host,
          port: smtp.port || smtpDefaultPorts[smtp.security],
        };
      if (environmentUrl)
        return {
          kind: "smtp",
          source: "environment",
          host: environmentUrl.hostname,
          port: Number(environmentUrl.port) || (environmentUrl.protocol === "smtps:" ? 465 : 587),
        };
      return { kind: "outbox" };
    },
  };
}

/** The outbox's messages, newest first. */
export async function readOutbox(outboxDir: string, limit = 100): Promise<OutboxMail[]> {
  let files: string[];
  try {
    files = (await fs.readdir(outboxDir)).filter((name) => name.endsWith(".json"));
  } catch {
    return [];
  }
  files.sort().reverse();
  return Promise.all(
    files
      .slice(0, limit)
      .map(async (name) => JSON.parse(await fs.readFile(path.join(outboxDir, name), "utf8")) as OutboxMail),
  );
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A plain message with one call to action (or none: a notice), as text and as HTML. */
export function simpleMail(
  to: string,
  subject: string,
  lines: string[],
  action?: { label: string; url: string },
): Mail {
  const link = action
    ? {
        text: `${action.label}: ${action.url}\n`,
        html: `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
      }
    : { text: "", html: "" };
  return {
    to,
    subject,
    text: `${lines.join("\n\n")}\n\n${link.text}`,
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("") + link.html,
  };
}

/**
 * Sends a test message (`POST /emails/send-test`, `/emails/send-test-digest`) from the sender the request names,
 * if any; the mail server's refusal is a 502 saying why (`failed` holds `{reason}`).
 */
export async function sendTestMail(
  mailer: Mailer,
  mail: Mail,
  sender: { supportAddress?: string; supportName?: string } | undefined,
  failed: string,
): Promise<void> {
  const from = sender?.supportAddress ? { name: sender.supportName ?? "", address: sender.supportAddress } : undefined;
  try {
    await mailer.send(mail, from ? { from } : {});
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new HttpError(502, failed.replace("{reason}", reason));
  }
}
