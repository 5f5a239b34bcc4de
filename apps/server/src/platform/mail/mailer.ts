import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import nodemailer from "nodemailer";

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

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where mail goes: `smtp` or the outbox. */
  readonly kind: "smtp" | "outbox";
}

/**
 * Mail through nodemailer when SMTP is configured; otherwise into the outbox folder of the data dir
 * (one JSON file per message, newest last), which admins can read through the API.
 */
export function createMailer(options: { smtpUrl: string | null; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    kind: "outbox",
    async send(mail) {
      await fs.mkdir(options.outboxDir, { recursive: true });
      const dateInserted = new Date().toISOString();
      const id = `${dateInserted.replace(/[-:.TZ]/g, "")}-${randomBytes(4).toString("hex")}`;
      const message: OutboxMail = { id, from: options.from, dateInserted, ...mail };
      const file = path.join(options.outboxDir, `${id}.json`);
      await fs.writeFile(`${file}.tmp`, JSON.stringify(message, null, 2));
      await fs.rename(`${file}.tmp`, file);
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

/** A plain message with one call to action, as text and as HTML. */
export function simpleMail(to: string, subject: string, lines: string[], action: { label: string; url: string }): Mail {
  return {
    to,
    subject,
    text: `${lines.join("\n\n")}\n\n${action.label}: ${action.url}\n`,
    html:
      lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("") +
      `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
  };
}
