import { Editor, Element, Range, Text, Transforms, type BaseRange } from "slate";

/**
 * A name the server links as `@name` without quotes (platform/render/mentions.ts): letters, digits, `_`,
 * `.` and `-`, starting and ending on a letter, digit or `_`, at most 64 characters.
 */
const BARE_NAME = /^[\p{L}\p{N}_](?:[\p{L}\p{N}_.-]{0,62}[\p{L}\p{N}_])?$/u;

/**
 * The mention being typed just before the caret: `@` not preceded by a letter, digit, `_`, `@`, `/` or
 * `\` (as the server reads mentions), then either a bare word or a quote and anything up to the caret.
 */
const TYPING = /(?<![\p{L}\p{N}_@/\\])@(?:"([^"\r\n<>]{0,64})|([^\s@"<>]{0,64}))$/u;

/** How a chosen member is written in a post: `@name`, or `@"First Last"` when the name needs quotes. */
export const mentionText = (name: string) => (BARE_NAME.test(name) ? `@${name}` : `@"${name}"`);

export interface MentionTarget {
  /** What follows `@` (without an opening quote). */
  query: string;
  /** From `@` to the caret: what choosing a member replaces. */
  range: BaseRange;
}

/** Finds the `@query` the caret is at the end of, or null (also in links and code, where mentions are not linked). */
export function mentionTargetAt(editor: Editor): MentionTarget | null {
  const { selection } = editor;
  if (!selection || !Range.isCollapsed(selection)) return null;
  const at = selection.anchor;
  const [leaf] = Editor.leaf(editor, at);
  if (!Text.isText(leaf) || leaf.code) return null;
  const inert = Editor.above(editor, {
    at,
    match: (node) => Element.isElement(node) && (node.type === "a" || node.type === "code_line"),
  });
  if (inert) return null;
  // The text of the block up to the caret (a mention never spans blocks).
  const block = Editor.above(editor, { at, match: (node) => Element.isElement(node) && Editor.isBlock(editor, node) });
  const start = block ? Editor.start(editor, block[1]) : at;
  const before = Editor.string(editor, { anchor: start, focus: at });
  const match = TYPING.exec(before);
  if (!match) return null;
  const query = match[1] ?? match[2] ?? "";
  const length = match[0].length;
  // Usually all in the caret's text node; across marks, Slate walks back offset by offset.
  const anchor =
    length <= at.offset
      ? { path: at.path, offset: at.offset - length }
      : Editor.before(editor, at, { distance: length, unit: "offset" });
  if (!anchor) return null;
  return { query, range: { anchor, focus: at } };
}

/** Replaces the typed `@query` with the member's mention and a space, leaving the caret after it. */
export function insertMention(editor: Editor, target: MentionTarget, name: string): void {
  Transforms.select(editor, target.range);
  Transforms.insertText(editor, `${mentionText(name)} `);
}
