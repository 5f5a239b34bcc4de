import type { RequestContext } from "../../platform/http/request-context.ts";
import { escapeHtml } from "../../platform/render/escape.ts";
import { normalizeFormat, renderBody, type PostFormat } from "../../platform/render/index.ts";

/** What a quote of a post needs, from its owner (which checks the viewer may see it). */
interface QuotedPost {
  bodyRaw: unknown;
  format: string;
  insertUser: { name: string };
  url: string;
}

/** The posts' quote reads, handed in by app.ts (discussions', comments'). */
export interface PostQuotes {
  discussion(id: number, context: RequestContext): Promise<QuotedPost>;
  comment(id: number, context: RequestContext): Promise<QuotedPost>;
}

/** A discussion's or comment's address on this site (`/discussion/{id}/…`, `/discussion/comment/{id}`). */
function postOf(text: string, origin: string): { type: "discussion" | "comment"; id: number } | null {
  if (!/^https?:\/\/\S+$/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const comment = /^\/discussion\/comment\/(\d{1,10})(?:\/|$)/.exec(url.pathname);
  if (comment) return { type: "comment", id: Number(comment[1]) };
  const discussion = /^\/discussion\/(\d{1,10})(?:\/|$)/.exec(url.pathname);
  return discussion ? { type: "discussion", id: Number(discussion[1]) } : null;
}

const sourceOf = (bodyRaw: unknown) => (typeof bodyRaw === "string" ? bodyRaw : JSON.stringify(bodyRaw));

/**
 * `POST /rich/quote`: the text rendered as a quote; or, when the text is the address of a discussion or comment
 * here, that post quoted with its author and a link (its owner checks the viewer may see it: 403 or 404).
 */
export async function richQuote(
  quotes: PostQuotes,
  input: { body: string; format: PostFormat },
  context: RequestContext,
): Promise<string> {
  const { origin } = context;
  const post = postOf(input.body.trim(), origin);
  if (!post) return `<blockquote class="blockquote">${renderBody(input.body, input.format, { origin })}</blockquote>`;
  const quoted = await quotes[post.type](post.id, context);
  const format = normalizeFormat(quoted.format) ?? "text";
  const body = renderBody(sourceOf(quoted.bodyRaw), format, { origin });
  return (
    `<blockquote class="blockquote" data-url="${escapeHtml(quoted.url)}">` +
    `<div class="blockquote-header"><a href="${escapeHtml(quoted.url)}">${escapeHtml(quoted.insertUser.name)}</a></div>` +
    `<div class="blockquote-content">${body}</div></blockquote>`
  );
}
