import { Editor, Element, Range, Text, Transforms, type BaseRange } from "slate";

/**
 * A shortcode being typed just before the caret: `:` not after a letter, digit, `_` or `:` (so "10:30" and
 * "http://" are not), then at least two of a shortcode's characters.
 */
const TYPING = /(?<![\p{L}\p{N}_:/]):([a-z0-9_+-]{2,32})$/iu;

export interface ShortcodeTarget {
  /** What follows `:`, in lower case. */
  query: string;
  /** From `:` to the caret: what choosing an emoji replaces. */
  range: BaseRange;
}

/** The `:query` the caret is at the end of, or null (never in code or links). */
export function shortcodeTargetAt(editor: Editor): ShortcodeTarget | null {
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
  const block = Editor.above(editor, { at, match: (node) => Element.isElement(node) && Editor.isBlock(editor, node) });
  const start = block ? Editor.start(editor, block[1]) : at;
  const match = TYPING.exec(Editor.string(editor, { anchor: start, focus: at }));
  if (!match) return null;
  const length = match[0].length;
  const anchor =
    length <= at.offset
      ? { path: at.path, offset: at.offset - length }
      : Editor.before(editor, at, { distance: length, unit: "offset" });
  if (!anchor) return null;
  return { query: match[1]!.toLowerCase(), range: { anchor, focus: at } };
}

/** Replaces the typed `:query` with the emoji, the caret after it. */
export function insertShortcodeEmoji(editor: Editor, target: ShortcodeTarget, emoji: string): void {
  Transforms.select(editor, target.range);
  Transforms.insertText(editor, emoji);
}
