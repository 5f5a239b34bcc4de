/**
 * The comment form as the post buttons see it: Reply focuses it, Quote inserts a quote into it.
 * The plain text area answers by default; a richer editor registers its own implementation with
 * `registerCommentComposer` (and unregisters on unmount), so neither side imports the other.
 */
export interface QuoteInput {
  authorName: string;
  url: string;
  /** The quoted post's raw body: text, or rich2 (Slate) nodes. */
  bodyRaw: string | unknown[];
  format: string;
}

export interface CommentComposer {
  focus(): void;
  insertQuote(quote: QuoteInput): void;
}

/** The id of the plain comment text area (and the Reply link's target without JavaScript). */
export const commentBodyID = "comment-body";

/** The plain text of rich2 nodes: each block on its own line. */
export function richText(nodes: unknown[]): string {
  const walk = (node: unknown): string => {
    if (!node || typeof node !== "object") return "";
    const record = node as { text?: unknown; children?: unknown };
    if (typeof record.text === "string") return record.text;
    return Array.isArray(record.children) ? record.children.map(walk).join("") : "";
  };
  return nodes.map(walk).join("\n");
}

/** A quote in Markdown: who said it, linked, then the text as a block quote. */
export function quoteMarkdown(quote: QuoteInput): string {
  const text = typeof quote.bodyRaw === "string" ? quote.bodyRaw : richText(quote.bodyRaw);
  const quoted = text
    .trim()
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
  return `> [${quote.authorName}](${quote.url}) said:\n>\n${quoted}\n\n`;
}

/** Sets a text area's value so React's `onChange` hears it (the text area may be controlled). */
function setTextAreaValue(area: HTMLTextAreaElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(area, value);
  area.dispatchEvent(new Event("input", { bubbles: true }));
}

/** Without a registered editor: the plain text area gets the quote as Markdown, after what is there. */
const plainComposer: CommentComposer = {
  focus() {
    document.getElementById(commentBodyID)?.focus();
  },
  insertQuote(quote) {
    const area = document.getElementById(commentBodyID);
    // The rich editor is on the page but not registered yet (it registers once its editor listens for
    // changes): keep the quote for it rather than drop the click.
    if (area && !(area instanceof HTMLTextAreaElement)) pending.push(quote);
    if (!(area instanceof HTMLTextAreaElement)) return;
    const before = area.value.trim() ? `${area.value.replace(/\s*$/, "")}\n\n` : "";
    setTextAreaValue(area, before + quoteMarkdown(quote));
    area.focus();
    area.setSelectionRange(area.value.length, area.value.length);
  },
};

let registered: CommentComposer | null = null;
let pending: QuoteInput[] = [];

/**
 * Lets an editor take over Reply and Quote; returns the function that gives them back. Quotes asked for
 * while it was being drawn are inserted now.
 */
export function registerCommentComposer(composer: CommentComposer): () => void {
  registered = composer;
  const waiting = pending;
  pending = [];
  for (const quote of waiting) composer.insertQuote(quote);
  return () => {
    if (registered === composer) registered = null;
  };
}

export const commentComposer = (): CommentComposer => registered ?? plainComposer;

/** A comment being replied to (Reply on a comment). */
export interface ReplyTarget {
  commentID: number;
}

let replyHandler: ((target: ReplyTarget) => void) | null = null;

/** The comment form takes Reply on a comment (it may first ask to discard a top-level draft). */
export function registerReplyHandler(handler: (target: ReplyTarget) => void): () => void {
  replyHandler = handler;
  return () => {
    if (replyHandler === handler) replyHandler = null;
  };
}

/** Reply on a comment: handled by the comment form when it is there; false when nobody took it. */
export function replyToComment(target: ReplyTarget): boolean {
  if (!replyHandler) return false;
  replyHandler(target);
  return true;
}
