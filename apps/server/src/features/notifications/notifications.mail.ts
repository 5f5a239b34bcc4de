import { createHmac } from "node:crypto";
import {
  notificationPreferenceKey,
  notificationPreferenceLabels,
  type NotificationActivityType,
  type UnsubscribeTopic,
} from "@parley/contracts";
import { randomToken, safeEqual } from "../../platform/auth/tokens.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import type { Mail } from "../../platform/mail/mailer.ts";
import { censorHtml, normalizeFormat, renderExcerpt } from "../../platform/render/index.ts";
import { notificationsPolicy } from "./notifications.policy.ts";
import { isActivityType, isUnsubscribeTopic } from "./notifications.preferences.ts";
import type { NotificationRow, NotificationsRepo } from "./notifications.repo.ts";

const SECRET_KEY = "notifications.unsubscribeSecret";
const EXCERPT_LENGTH = 300;

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** `<b>Alice</b> commented on <b>Title</b>.` → the same words as text. */
const bodyText = (html: string) =>
  html
    .replace(/<\/?b>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** A kind's templated e-mail filled with a notification's values, or null when the kind has no active template. */
export type NotificationEmailTemplate = (
  activityType: NotificationActivityType,
  values: Record<string, string>,
) => Promise<{ subject: string; text: string; html: string } | null>;

/**
 * Notification e-mail through the platform mailer (the outbox without SMTP): the notification's
 * sentence, an excerpt of the post (rendered through the one sanitiser, as text), a link to it, and a
 * one-click unsubscribe link for that activity type (`List-Unsubscribe` + `List-Unsubscribe-Post`).
 * Rows are claimed (pending → sending) so a mail goes once even with several processes.
 */
export function createNotificationMail(deps: {
  repo: NotificationsRepo;
  platform: Platform;
  viewerOf: (userID: number) => Promise<Viewer | null>;
  onError: (error: unknown) => void;
  /** The e-mail of a kind by the administrators' active template for it (the e-mail templates feature's); null: none. */
  template?: NotificationEmailTemplate | undefined;
}) {
  const { repo, platform } = deps;
  let secret: Promise<string> | null = null;
  const key = () => (secret ??= repo.secret(SECRET_KEY, () => randomToken(32)));

  const sign = async (payload: string) =>
    createHmac("sha256", await key())
      .update(payload)
      .digest("base64url");

  /** A token naming the member and the activity type (or the digest) whose e-mail it turns off. */
  async function unsubscribeToken(userID: number, activityType: UnsubscribeTopic): Promise<string> {
    const payload = Buffer.from(JSON.stringify({ u: userID, a: activityType })).toString("base64url");
    return `${payload}.${await sign(payload)}`;
  }

  async function readToken(token: string): Promise<{ userID: number; activityType: UnsubscribeTopic } | null> {
    const [payload, signature, extra] = token.split(".");
    if (!payload || !signature || extra !== undefined) return null;
    if (!safeEqual(signature, await sign(payload))) return null;
    try {
      const data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { u?: unknown; a?: unknown };
      if (typeof data.u !== "number" || typeof data.a !== "string" || !isUnsubscribeTopic(data.a)) return null;
      return { userID: data.u, activityType: data.a };
    } catch {
      return null;
    }
  }

  /** The post's excerpt, or "" when the post is gone or the recipient may no longer view it. */
  async function excerptFor(row: NotificationRow, recipient: Viewer): Promise<{ text: string; allowed: boolean }> {
    if (row.recordType !== "comment" && row.recordType !== "discussion") return { text: "", allowed: true };
    const source =
      row.recordType === "comment" ? await repo.commentSource(row.recordID) : await repo.discussionSource(row.recordID);
    if (!source) return { text: "", allowed: false };
    if (!notificationsPolicy.canViewPost(recipient, source)) return { text: "", allowed: false };
    const format = normalizeFormat(source.format) ?? "text";
    return { text: renderExcerpt(source.body, format, EXCERPT_LENGTH), allowed: true };
  }

  /** The mail of a notification, its links on the configured site address (never a request's Host). */
  async function compose(row: NotificationRow): Promise<Mail | null> {
    const origin = platform.config.publicUrl;
    const recipient = await deps.viewerOf(row.userID);
    if (!recipient?.user || !recipient.user.email || recipient.user.emailConfirmed !== 1) return null;
    if (!isActivityType(row.activityType)) return null;
    const { text: excerpt, allowed } = await excerptFor(row, recipient);
    // Never mail what the recipient may not view (checked again now: rights may have changed).
    if (!allowed) return null;
    const url = row.url.startsWith("/") ? `${origin}${row.url}` : row.url;
    const token = await unsubscribeToken(row.userID, row.activityType);
    const oneClick = `${origin}/api/v2/unsubscribe/${token}`;
    const landing = `${origin}/unsubscribe/${token}`;
    const body = censorHtml(row.body);
    const sentence = bodyText(body);
    const label = notificationPreferenceLabels[row.activityType].label;
    const headers = {
      "List-Unsubscribe": `<${oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    const templated = await deps.template?.(row.activityType, {
      siteName: await platform.siteConfig.get("garden.title"),
      siteUrl: origin,
      recipientName: recipient.user.name,
      headline: sentence,
      excerpt,
      url,
      notificationLabel: label,
      unsubscribeUrl: landing,
    });
    if (templated) return { to: recipient.user.email, ...templated, headers };
    const text = [
      sentence,
      excerpt
        ? excerpt
            .split("\n")
            .map((line) => `> ${line}`)
            .join("\n")
        : null,
      `View it: ${url}`,
      `--\nYou get this e-mail because of your "${label}" notification setting (${notificationPreferenceKey("email", row.activityType)}).\nUnsubscribe: ${landing}`,
    ]
      .filter((part) => part !== null)
      .join("\n\n");
    const html =
      `<p>${body}</p>` +
      (excerpt ? `<blockquote>${escapeHtml(excerpt).replace(/\n/g, "<br>")}</blockquote>` : "") +
      `<p><a href="${escapeHtml(url)}">View it</a></p>` +
      `<hr><p style="font-size:small">You get this e-mail because of your "${escapeHtml(label)}" notification setting. ` +
      `<a href="${escapeHtml(landing)}">Unsubscribe</a></p>`;
    return {
      to: recipient.user.email,
      subject: sentence,
      text: `${text}\n`,
      html,
      headers,
    };
  }

  return {
    unsubscribeToken,
    readToken,

    /** Sends the claimed rows (the given ones, or every pending one after a restart). */
    async sendPending(notificationIDs?: number[]): Promise<number> {
      const rows = await repo.claimEmails(notificationIDs);
      let sent = 0;
      for (const row of rows) {
        try {
          const mail = await compose(row);
          if (!mail) {
            await repo.setEmailStatus(row.notificationID, "skipped");
            continue;
          }
          await platform.mailer.send(mail);
          await repo.setEmailStatus(row.notificationID, "sent");
          sent += 1;
        } catch (error) {
          await repo.setEmailStatus(row.notificationID, "pending").catch(deps.onError);
          deps.onError(error);
        }
      }
      return sent;
    },
  };
}

export type NotificationMail = ReturnType<typeof createNotificationMail>;
