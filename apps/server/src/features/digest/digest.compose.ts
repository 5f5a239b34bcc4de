import { digestMessages } from "@parley/contracts";
import type { Mail } from "../../platform/mail/mailer.ts";
import { censorText, normalizeFormat, renderExcerpt } from "../../platform/render/index.ts";
import { discussionUrl } from "../discussions/index.ts";
import type { DigestDiscussion } from "./digest.repo.ts";

const EXCERPT_LENGTH = 200;

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

export interface DigestContent {
  to: string;
  name: string;
  site: string;
  origin: string;
  discussions: DigestDiscussion[];
  /** Whether they come from the categories the member follows (else from all they may read). */
  followed: boolean;
  /** The signed unsubscribe token (notifications' signing), for the one-click POST and the landing page. */
  token: string;
}

/**
 * The digest e-mail, written as the notification e-mails are: plain text and HTML with the same words, titles
 * censored, excerpts through the one sanitiser, links on the configured site address, and a one-click
 * unsubscribe (RFC 8058: `List-Unsubscribe` + `List-Unsubscribe-Post`) that turns the digest off.
 */
export function composeDigest(content: DigestContent): Mail {
  const { origin, token } = content;
  const oneClick = `${origin}/api/v2/unsubscribe/${token}`;
  const landing = `${origin}/unsubscribe/${token}`;
  const intro = fill(digestMessages.intro, { name: content.name, site: content.site });
  const items = content.discussions.map((row) => {
    const format = normalizeFormat(row.format) ?? "text";
    return {
      name: censorText(row.name),
      url: discussionUrl(origin, row),
      excerpt: renderExcerpt(row.body, format, EXCERPT_LENGTH),
      comments: fill(digestMessages.comments, { count: row.countComments }),
    };
  });
  const text = [
    intro,
    content.followed ? digestMessages.followed : null,
    ...items.map((item) =>
      [`* ${item.name}`, item.excerpt, `${item.comments}: ${item.url}`].filter(Boolean).join("\n"),
    ),
    `--\n${digestMessages.footer}\n${digestMessages.unsubscribe}: ${landing}`,
  ]
    .filter((part) => part !== null)
    .join("\n\n");
  const html =
    `<p>${escapeHtml(intro)}</p>` +
    (content.followed ? `<p>${escapeHtml(digestMessages.followed)}</p>` : "") +
    `<ul>${items
      .map(
        (item) =>
          `<li><p><a href="${escapeHtml(item.url)}"><b>${escapeHtml(item.name)}</b></a><br>` +
          (item.excerpt ? `${escapeHtml(item.excerpt).replace(/\n/g, "<br>")}<br>` : "") +
          `<small>${escapeHtml(item.comments)}</small></p></li>`,
      )
      .join("")}</ul>` +
    `<hr><p style="font-size:small">${escapeHtml(digestMessages.footer)} ` +
    `<a href="${escapeHtml(landing)}">${escapeHtml(digestMessages.unsubscribe)}</a></p>`;
  return {
    to: content.to,
    subject: fill(digestMessages.subject, { site: content.site }),
    text: `${text}\n`,
    html,
    headers: {
      "List-Unsubscribe": `<${oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
