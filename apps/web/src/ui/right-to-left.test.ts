import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { stylesheets, webSourceRoot } from "../test/stylesheets.ts";

/*
 * Right-to-left languages (Arabic, Hebrew; the `ar-XB` pseudo-locale) mirror the layout with `dir="rtl"`. That only
 * works when the styles say start and end, not left and right: `padding-inline-start`, `inset-inline-end`,
 * `text-align: start`. This walks every stylesheet of the web app and names each rule that fixes a side.
 */

const root = webSourceRoot;

/** Declarations that fix a physical side (one declaration per line, as prettier writes them). */
const physical = [
  /^\s*(margin|padding|border)-(left|right)(-\w+)?\s*:/,
  /^\s*(left|right)\s*:/,
  /^\s*(float|clear|text-align)\s*:\s*(left|right)\b/,
  /^\s*border-(top|bottom)-(left|right)-radius\s*:/,
];
/** `margin`/`padding` with four values whose left and right differ (top right bottom left). */
const lopsided = /^\s*(margin|padding)\s*:\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*;/;

/** Placed from measured coordinates (the caret's rectangle, physical in both directions), not from a side. */
const measured = new Set(["features/editor/mentions/MentionList.module.css:  left: var(--mention-list-left);"]);

function sidedDeclarations(path: string): string[] {
  const file = relative(root, path);
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => {
      if (measured.has(`${file}:${line}`)) return false;
      const four = lopsided.exec(line);
      return physical.some((rule) => rule.test(line)) || (four !== null && four[3] !== four[5]);
    })
    .map((line) => `${file}: ${line.trim()}`);
}

describe("stylesheets for right-to-left languages", () => {
  it("say start and end, never left and right", () => {
    const files = stylesheets(root);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(sidedDeclarations)).toEqual([]);
  });

  it("would catch a fixed side", () => {
    const rules = ["  margin-left: 4px;", "  right: 0;", "  text-align: left;", "  padding: 0 28px 0 8px;"];
    for (const line of rules) {
      expect(physical.some((rule) => rule.test(line)) || lopsided.exec(line)?.[3] !== lopsided.exec(line)?.[5]).toBe(
        true,
      );
    }
    expect(lopsided.exec("  padding: 2px 8px 4px 8px;")?.[3]).toBe("8px");
  });
});
