import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { themeCssProperties } from "@parley/contracts/theme-css";

const css = fs.readFileSync(path.join(import.meta.dirname, "theme.css"), "utf8");

/** The declarations of the `:where(:root)` fallback block of theme.css. */
function fallbackDeclarations(): Record<string, string> {
  const block = /:where\(:root\)\s*\{([^}]*)\}/.exec(css)?.[1];
  if (block === undefined) throw new Error("theme.css has no :where(:root) block.");
  return Object.fromEntries(
    block
      .split(";")
      .map((declaration) => declaration.trim())
      .filter(Boolean)
      .map((declaration) => {
        const colon = declaration.indexOf(":");
        return [declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim()];
      }),
  );
}

describe("theme.css", () => {
  it("falls back to exactly the default theme's variables, so a page without the server's style looks the same", () => {
    expect(fallbackDeclarations()).toEqual(themeCssProperties({}));
  });

  it("has no specificity for its fallbacks and no plain :root block the theme's style would have to beat", () => {
    expect(css).not.toMatch(/(^|\n)\s*:root\s*\{/);
  });

  it("bundles Open Sans 400/600/700 instead of loading fonts from a CDN", () => {
    for (const weight of [400, 600, 700]) expect(css).toContain(`@import "@fontsource/open-sans/${weight}.css";`);
    expect(css).not.toMatch(/https?:\/\//);
  });
});
