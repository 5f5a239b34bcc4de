import { createEditor, Editor, Transforms, type Descendant } from "slate";
import { describe, expect, it } from "vitest";
import { buildEmoji, loadEmoji, searchEmoji } from "./emojiData.ts";
import { insertShortcodeEmoji, shortcodeTargetAt } from "./emojiText.ts";

describe("emoji data", () => {
  it("loads Emojibase's emoji with GitHub's shortcodes, without components, and finds 😄 for :smile", async () => {
    const all = await loadEmoji();
    expect(all.length).toBeGreaterThan(1500);
    expect(all.some((entry) => entry.label.startsWith("regional indicator"))).toBe(false);
    expect(all.some((entry) => /skin tone$/.test(entry.label) && entry.emoji.length <= 2)).toBe(false);
    expect(searchEmoji(all, "smile", 5)[0]).toMatchObject({ emoji: "😄", label: "grinning face with smiling eyes" });
    const smi = searchEmoji(all, "smi", 8).map((entry) => entry.emoji);
    expect(smi).toContain("😄");
    expect(smi).toContain("😃");
    // By a word of its name when no shortcode starts so.
    expect(searchEmoji(all, "pizza", 3).map((entry) => entry.emoji)).toContain("🍕");
    expect(searchEmoji(all, "zzzzqq", 3)).toEqual([]);
  });

  it("keeps the dataset's order and one shortcode or several", () => {
    const built = buildEmoji(
      [
        { hexcode: "2", label: "second", unicode: "b", group: 0, order: 2 },
        { hexcode: "1", label: "first", unicode: "a", group: 0, order: 1, tags: ["one"] },
        { hexcode: "3", label: "tone", unicode: "c", group: 2, order: 0 },
        { hexcode: "4", label: "letter", unicode: "d" },
      ],
      { "1": "first", "2": ["second", "two"] },
    );
    expect(built).toEqual([
      { emoji: "a", label: "first", shortcodes: ["first"], tags: ["one"] },
      { emoji: "b", label: "second", shortcodes: ["second", "two"], tags: [] },
    ]);
  });
});

describe("shortcode typing", () => {
  const editorWith = (text: string) => {
    const editor = createEditor();
    editor.children = [{ type: "p", children: [{ text }] }] as Descendant[];
    Transforms.select(editor, Editor.end(editor, []));
    return editor;
  };

  it("finds ':smi' before the caret and replaces it with the emoji", () => {
    const editor = editorWith("Hello :smi");
    const target = shortcodeTargetAt(editor);
    expect(target?.query).toBe("smi");
    insertShortcodeEmoji(editor, target!, "😄");
    expect(Editor.string(editor, [])).toBe("Hello 😄");
  });

  it("leaves times, addresses and a lone colon alone", () => {
    expect(shortcodeTargetAt(editorWith("at 10:30"))).toBeNull();
    expect(shortcodeTargetAt(editorWith("see http://exa"))).toBeNull();
    expect(shortcodeTargetAt(editorWith("note: s"))).toBeNull();
    expect(shortcodeTargetAt(editorWith("a :s"))).toBeNull();
  });
});
