import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const e2e = path.resolve(import.meta.dirname, "../../../../e2e");

/**
 * What a browser test leaves to its page objects (e2e/pages/): finding things on a page and acting on
 * them. Playwright's Page has these as methods (page.locator, page.getByRole, page.click, page.$ …); a
 * test calls the page object's intention-revealing method instead (`drafts.schedule(id, when)`), so a
 * changed page is fixed in one place. What is not about the page's content stays in tests: page.goto,
 * page.evaluate, page.waitForURL, page.request, page.keyboard, page.setViewportSize …
 */
const QUERIES_AND_ACTIONS = [
  "locator",
  "frameLocator",
  "getBy[A-Za-z]+",
  "click",
  "dblclick",
  "tap",
  "fill",
  "press",
  "type",
  "check",
  "uncheck",
  "selectOption",
  "setInputFiles",
  "hover",
  "focus",
  "dragAndDrop",
  "dispatchEvent",
  "\\$",
  "\\$\\$",
  "\\$eval",
  "\\$\\$eval",
  "waitForSelector",
  "textContent",
  "innerText",
  "innerHTML",
  "inputValue",
  "getAttribute",
  "isChecked",
  "isDisabled",
  "isEditable",
  "isEnabled",
  "isHidden",
  "isVisible",
].join("|");

/** Direct calls allowed, each with its reason: keep this list short. */
const ALLOWED: Array<{ file: string; call: string; reason: string }> = [
  {
    file: "csrf.e2e.ts",
    call: "evil.getByRole",
    reason: "the attacker's page is the test's own HTML on another origin, not a Parley page",
  },
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The names that hold a Playwright Page in a test's source: `page`, a parameter or variable typed
 * `Page`, and a variable (or a destructured one) set from a call whose name says it gives pages
 * (`parley.newPage(…)`, `context.newPage()`, `run.pagesAs(…)`). A variable set with `new …`
 * (a page object) is not a page.
 */
function pageNames(source: string): Set<string> {
  const names = new Set(["page"]);
  for (const match of source.matchAll(/(\w+)\s*\??:\s*Page\b/g)) names.add(match[1]!);
  const declaration = /\b(?:const|let|var)\s+(\[[^\]]*\]|\{[^}]*\}|\w+)\s*(?::\s*([^=;]+?))?\s*=\s*([^;]*)/g;
  for (const [, pattern, type, initializer] of source.matchAll(declaration)) {
    if (/^\s*new\b/.test(initializer!)) continue;
    if (!(type && /\bPage\b/.test(type)) && !/\w*[pP]ages?\w*\s*\(/.test(initializer!)) continue;
    for (const name of pattern!.match(/\w+/g) ?? []) names.add(name);
  }
  return names;
}

/** Each direct call of a Page's query or action in a test's source, as `name.method` with its line. */
function directPageCalls(source: string): Array<{ line: number; call: string }> {
  const receivers = [...pageNames(source)].map(escape).join("|");
  // `page.locator(`, `reader!\n  .getByRole(`, and a page object's own page: `view.page.click(`.
  const call = new RegExp(
    `(?:(?<![\\w.$])(${receivers})|\\.(page))\\s*!?\\s*\\.\\s*(${QUERIES_AND_ACTIONS})\\s*\\(`,
    "g",
  );
  return [...source.matchAll(call)].map((match) => ({
    line: source.slice(0, match.index).split("\n").length,
    call: `${match[1] ?? match[2]}.${match[3]}`,
  }));
}

const testFiles = () =>
  readdirSync(e2e)
    .filter((name) => name.endsWith(".e2e.ts"))
    .sort();

describe("browser tests", () => {
  it("reach the page through page objects: no direct page.locator / getBy… / click / fill / press / $", () => {
    const direct = testFiles().flatMap((file) =>
      directPageCalls(readFileSync(path.join(e2e, file), "utf8"))
        .filter(({ call }) => !ALLOWED.some((allowed) => allowed.file === file && allowed.call === call))
        .map(({ line, call }) => `e2e/${file}:${line}: ${call}(…)`),
    );
    expect(direct, "add an intention-revealing method to a page object in e2e/pages/ and call that").toEqual([]);
  });

  it("allow a direct call only where one is left", () => {
    for (const { file, call } of ALLOWED) {
      const calls = directPageCalls(readFileSync(path.join(e2e, file), "utf8")).map((found) => found.call);
      expect(calls, `${file}: ${call}`).toContain(call);
    }
  });

  it("the check finds direct calls, whatever the page is called, and lets page objects and the rest be", () => {
    const fixture = [
      'import type { Page } from "playwright-core";',
      "async function helper(victim: Page, view: DiscussionPage) {",
      '  await victim.getByRole("button", { name: "Save" }).click();',
      '  await view.page.locator("h1").waitFor();',
      '  await view.main.getByRole("link").click();',
      "}",
      "const page = await parley.newPage();",
      "const guest = await parley.newPage({ javaScriptEnabled: false });",
      "const [reader] = await run.pagesAs(member, true);",
      "const settings = new SettingsPage(page, parley.baseUrl);",
      'await page.locator("main").waitFor();',
      'await guest.fill("#name", "x");',
      "await reader!",
      '  .getByText("Hello")',
      "  .waitFor();",
      'await page.$("form");',
      'await page.press("input", "Enter");',
      "await settings.fill({ title: 'T' });",
      "await settings.saveButton.click();",
      'await page.goto(parley.baseUrl + "/");',
      'await page.keyboard.press("Enter");',
      "await page.evaluate(() => document.title);",
      'await page.request.get("/api/v2/users/me");',
    ].join("\n");
    expect(directPageCalls(fixture)).toEqual([
      { line: 3, call: "victim.getByRole" },
      { line: 4, call: "page.locator" },
      { line: 11, call: "page.locator" },
      { line: 12, call: "guest.fill" },
      { line: 13, call: "reader.getByText" },
      { line: 16, call: "page.$" },
      { line: 17, call: "page.press" },
    ]);
  });
});
