import { Parser } from "htmlparser2";
import type { RenderContext } from "./context.ts";
import { linkify } from "./markdown.ts";
import { nestsDeeperThan } from "./nesting.ts";
import { dropWithContent } from "./sanitize.ts";
import { renderText, textToHtml } from "./text.ts";

/** Elements whose text gets no links or mentions: links, code, and what the sanitiser drops with its content. */
const NO_LINKS = new Set(["a", "code", "pre", "kbd", "samp", ...dropWithContent]);
/** Deeper than this, user HTML is shown as text (see nesting.ts); real posts stay far below it. */
const MAX_HTML_NESTING = 500;
const BLOCK_MARKUP = /<(?:p|br|div|ul|ol|li|table|blockquote|pre|h[1-6]|hr)\b/i;

/**
 * `html` and `wysiwyg`: the user's HTML with URLs and `@mentions` linked in its text (not inside links or code);
 * `html` without any block markup also keeps its line breaks. Only text runs are rewritten (escaped again), the rest
 * of the source passes as it is: the sanitiser that runs next is what makes it safe.
 */
export function renderHtml(body: string, context: RenderContext, format: "html" | "wysiwyg"): string {
  if (nestsDeeperThan(body, MAX_HTML_NESTING)) return renderText(body, context);
  const breaks = format === "html" && body.includes("\n") && !BLOCK_MARKUP.test(body);
  if (!breaks && !body.includes("@") && !linkify.test(body)) return body;

  let html = "";
  let cursor = 0;
  let skipDepth = 0;
  let runStart = -1;
  let runEnd = -1;
  let run = "";
  const flush = () => {
    if (runStart === -1) return;
    if (run.includes("@") || (breaks && run.includes("\n")) || linkify.test(run)) {
      html += body.slice(cursor, runStart) + textToHtml(run, context, { links: true, mentions: true, breaks });
      cursor = runEnd + 1;
    }
    runStart = -1;
    run = "";
  };
  const parser: Parser = new Parser(
    {
      ontext(text) {
        if (skipDepth > 0) return;
        if (runStart === -1) runStart = parser.startIndex;
        runEnd = parser.endIndex;
        run += text;
      },
      onopentag(name) {
        flush();
        if (NO_LINKS.has(name)) skipDepth++;
      },
      onclosetag(name) {
        flush();
        if (NO_LINKS.has(name)) skipDepth--;
      },
      oncomment: flush,
      onprocessinginstruction: flush,
      oncdatastart: flush,
    },
    { decodeEntities: true },
  );
  parser.write(body);
  parser.end();
  flush();
  return html + body.slice(cursor);
}
