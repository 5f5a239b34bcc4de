import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { waitForHydration } from "./support/browser.ts";
import { useParley } from "./support/parley.ts";

/**
 * The reader pages' initial JavaScript (issue 6): every script a guest's browser downloads to show and
 * hydrate a reading page, gzipped, must stay at or below 150 kB. The editor is loaded on demand, so it
 * must not be among them.
 */
const BUDGET_BYTES = 150 * 1024;

const parley = useParley();

const readerPages = [
  { name: "home", path: "/" },
  { name: "discussions", path: "/discussions" },
  { name: "categories", path: "/categories" },
  { name: "category", path: "/categories/general" },
  { name: "discussion", path: "/discussion/1" },
  // The knowledge base's reading pages load their feature's chunk with them, and never the editor.
  { name: "knowledge base", path: "/kb/help-center" },
  { name: "knowledge article", path: "/kb/articles/1-creating-your-account" },
];

interface Script {
  url: string;
  gzipped: number;
  text: string;
  /** How the server sent it (the build's precompressed copy for a browser that accepts one). */
  encoding: string | undefined;
}

async function initialScripts(path: string): Promise<Script[]> {
  const page = await parley.newPage();
  const scripts: Promise<Script>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type !== "script") return;
    scripts.push(
      response.body().then((body) => ({
        url: response.url(),
        gzipped: gzipSync(body).length,
        text: body.toString(),
        encoding: response.headers()["content-encoding"],
      })),
    );
  });
  const response = await page.goto(parley.baseUrl + path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  return Promise.all(scripts);
}

describe("reader pages' initial JavaScript", () => {
  it.each(readerPages)(
    "$name ($path) loads at most 150 kB of gzipped JavaScript, without the editor",
    async ({ path }) => {
      const scripts = await initialScripts(path);
      expect(scripts.length).toBeGreaterThan(0);
      const total = scripts.reduce((sum, script) => sum + script.gzipped, 0);
      const listing = scripts.map(
        (script) => `${new URL(script.url).pathname} ${(script.gzipped / 1024).toFixed(1)} kB`,
      );
      console.log(
        `${path}: ${(total / 1024).toFixed(1)} kB gzipped in ${scripts.length} scripts\n  ${listing.join("\n  ")}`,
      );
      // React Aria (overlays, their focus management) loads on first intent, never with the page. Its
      // generated ids and default class names start with 'react-aria-'.
      expect(scripts.filter((script) => script.text.includes("react-aria-")).map((s) => s.url)).toEqual([]);
      expect(total, listing.join("\n")).toBeLessThanOrEqual(BUDGET_BYTES);
      // And they travel compressed (Chromium accepts gzip, and brotli where it trusts the origin).
      expect(scripts.map((script) => script.encoding ?? "none")).toEqual(
        scripts.map((script) => (script.encoding === "br" ? "br" : "gzip")),
      );
      // No schemas in the browser (TypeBox marks its schemas with '~kind').
      expect(scripts.filter((script) => script.text.includes("~kind")).map((s) => s.url)).toEqual([]);
      // Slate's editor code must come on demand only (slate-react marks its editor with data-slate-editor).
      expect(scripts.filter((script) => script.text.includes("data-slate-editor")).map((s) => s.url)).toEqual([]);
    },
  );
});
