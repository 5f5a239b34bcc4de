import type { RenderContext } from "./context.ts";
import { escapeHtml } from "./escape.ts";
import { linkify } from "./markdown.ts";
import { mentionsToHtml } from "./mentions.ts";

export interface TextToHtmlOptions {
  /** Link bare URLs and e-mail addresses. */
  links: boolean;
  /** Link `@name` mentions. */
  mentions: boolean;
  /** Newlines become `<br>`. */
  breaks: boolean;
}

function prose(text: string, context: RenderContext, options: TextToHtmlOptions): string {
  const html = options.mentions ? mentionsToHtml(text, context) : escapeHtml(text);
  return options.breaks ? html.replace(/\r?\n/g, "<br>") : html;
}

/** Plain text → HTML: escaped, with URLs, mentions and line breaks as asked. */
export function textToHtml(text: string, context: RenderContext, options: TextToHtmlOptions): string {
  const links = options.links && linkify.test(text) ? linkify.match(text) : null;
  if (!links) return prose(text, context, options);
  let html = "";
  let cursor = 0;
  for (const link of links) {
    html += prose(text.slice(cursor, link.index), context, options);
    html += `<a href="${escapeHtml(link.url)}">${escapeHtml(link.text)}</a>`;
    cursor = link.lastIndex;
  }
  return html + prose(text.slice(cursor), context, options);
}

/** `text` and `textex`: the text itself, escaped; URLs and mentions linked; newlines kept. */
export function renderText(body: string, context: RenderContext): string {
  return textToHtml(body.replace(/\r\n?/g, "\n").trim(), context, { links: true, mentions: true, breaks: true });
}
