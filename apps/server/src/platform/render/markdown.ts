import MarkdownIt, { type Env, type StateCore, type Token } from "markdown-it";
import type { RenderContext } from "./context.ts";
import { findMentions } from "./mentions.ts";

interface MarkdownEnv extends Env {
  context?: RenderContext;
}

/** One parser for the process: raw HTML off (it shows as text), bare URLs linked, single newlines kept. */
const md = new MarkdownIt({ html: false, linkify: true, breaks: true });
// Only web and mail addresses become links: not `ftp://…`, not `//host` in prose.
md.linkify.add("ftp:", null).add("//", null);
md.core.ruler.push("parley_mentions", linkMentions);

/** The shared URL finder (linkify-it), also used by the text formats. */
export const linkify = md.linkify;

export function renderMarkdown(body: string, context: RenderContext): string {
  const env: MarkdownEnv = { context };
  return md.render(body, env);
}

/** Core rule: `@name` in text (not in code, not in a link or an image description) becomes a profile link. */
function linkMentions(state: StateCore): void {
  const context = (state.env as MarkdownEnv).context;
  if (!context) return;
  for (const block of state.tokens) {
    if (block.type !== "inline" || !block.children?.some((token) => token.content.includes("@"))) continue;
    const children: Token[] = [];
    let linkDepth = 0;
    for (const token of block.children) {
      if (token.type === "link_open") linkDepth++;
      if (token.type === "link_close") linkDepth--;
      const mentions = token.type === "text" && linkDepth === 0 ? findMentions(token.content) : [];
      if (mentions.length === 0) {
        children.push(token);
        continue;
      }
      let cursor = 0;
      const text = (content: string) => {
        const part = new state.Token("text", "", 0);
        part.content = content;
        children.push(part);
      };
      for (const mention of mentions) {
        if (mention.index > cursor) text(token.content.slice(cursor, mention.index));
        const open = new state.Token("link_open", "a", 1);
        open.attrs = [
          ["href", context.mentionUrl(mention.name)],
          ["class", "atMention"],
        ];
        children.push(open);
        text(`@${mention.name}`);
        children.push(new state.Token("link_close", "a", -1));
        cursor = mention.end;
      }
      if (cursor < token.content.length) text(token.content.slice(cursor));
    }
    block.children = children;
  }
}
