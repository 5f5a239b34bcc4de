import type { EmailTemplateStyles } from "@parley/contracts";
import { escapeHtml } from "../render/escape.ts";
import type { SiteConfig } from "../site-config.ts";

/** The style of the site's e-mail (`emailStyles.*`, `outgoingEmails.footer`), every property set. */
export type EmailStyle = Required<EmailTemplateStyles> & { footer: string };

/** The site's stored style. */
export async function emailStyle(siteConfig: SiteConfig): Promise<EmailStyle> {
  const [logoUrl, textColor, backgroundColor, containerBackgroundColor, buttonTextColor, buttonBackgroundColor] =
    await Promise.all([
      siteConfig.get("emailStyles.image"),
      siteConfig.get("emailStyles.textColor"),
      siteConfig.get("emailStyles.backgroundColor"),
      siteConfig.get("emailStyles.containerBackgroundColor"),
      siteConfig.get("emailStyles.buttonTextColor"),
      siteConfig.get("emailStyles.buttonBackgroundColor"),
    ]);
  const footer = await siteConfig.get("outgoingEmails.footer");
  return {
    logoUrl,
    textColor,
    backgroundColor,
    containerBackgroundColor,
    buttonTextColor,
    buttonBackgroundColor,
    footer,
  };
}

/** A colour checked again here (settings and bodies are checked already): anything else is left out. */
const color = (value: string, fallback: string) => (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : fallback);

/** An address for an e-mail, which has no page to be relative to: a path is on the site. */
const absolute = (address: string, origin: string) => (address.startsWith("/") ? `${origin}${address}` : address);

/**
 * The HTML of a styled e-mail: the logo (or the site's name) above a container holding `contentHtml`
 * (sanitised already), a button when there is one, and the footer (`footerHtml`, sanitised; else the style's
 * plain-text footer). Colours and the logo's address come from the style, inline as mail readers want.
 */
export function styledEmailHtml(
  style: EmailStyle,
  parts: {
    siteName: string;
    origin: string;
    contentHtml: string;
    button?: { label: string; url: string } | null;
    footerHtml?: string | null;
  },
): string {
  const text = color(style.textColor, "#333333");
  const logo = style.logoUrl
    ? `<img src="${escapeHtml(absolute(style.logoUrl, parts.origin))}" alt="${escapeHtml(parts.siteName)}" style="max-width:200px;max-height:60px">`
    : `<strong style="font-size:20px">${escapeHtml(parts.siteName)}</strong>`;
  const button = parts.button
    ? `<p><a href="${escapeHtml(parts.button.url)}" style="display:inline-block;padding:10px 18px;border-radius:4px;text-decoration:none;` +
      `color:${color(style.buttonTextColor, "#ffffff")};background-color:${color(style.buttonBackgroundColor, "#0291db")}">` +
      `${escapeHtml(parts.button.label)}</a></p>`
    : "";
  const footer =
    parts.footerHtml ??
    (style.footer
      ? style.footer
          .split(/\r?\n/)
          .map((line) => escapeHtml(line))
          .join("<br>")
      : "");
  return (
    `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>` +
    `<body style="margin:0;padding:24px 0;background-color:${color(style.backgroundColor, "#eeeeee")};color:${text};font-family:sans-serif">` +
    `<div style="max-width:600px;margin:0 auto">` +
    `<div style="padding:12px 24px">${logo}</div>` +
    `<div style="padding:24px;background-color:${color(style.containerBackgroundColor, "#ffffff")};color:${text}">${parts.contentHtml}${button}</div>` +
    (footer ? `<div style="padding:12px 24px;font-size:12px;color:${text}">${footer}</div>` : "") +
    `</div></body></html>`
  );
}
