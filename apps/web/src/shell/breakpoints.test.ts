import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { stylesheets, webSourceRoot } from "../test/stylesheets.ts";
import {
  breakpointWidths,
  defaultBreakpoints,
  fixedMediaWidths,
  moveBreakpointWidths,
} from "@parley/contracts/breakpoints";
import { deviceForWidth, isCompactWidth, pageBreakpoints } from "./device.ts";
import { applyDeviceClasses } from "./useDeviceClasses.ts";

/*
 * A theme's layout breakpoints reach the page twice: the device classes read its `--breakpoint-*` variables, and the
 * server moves the stylesheet's `@media` widths (apps/server/src/pages/themed-styles.ts). That only works for the
 * widths it knows: every `@media` width of the web app's stylesheets must follow a breakpoint or be one of the fixed
 * widths, so a new rule at, say, 810 px fails here until it says which.
 */

const root = webSourceRoot;

const mediaWidths = (css: string) =>
  [...css.matchAll(/@media[^{]*/g)].flatMap((query) =>
    [...query[0].matchAll(/width\s*(?::|<=|>=|<|>|=)\s*(\d+)px/g)].map((match) => Number(match[1])),
  );

afterEach(() => {
  document.documentElement.removeAttribute("style");
});

describe("layout breakpoints", () => {
  it("every @media width of the app's stylesheets follows a breakpoint or is a fixed one", () => {
    const known = breakpointWidths(defaultBreakpoints);
    const unknown: string[] = [];
    let seen = 0;
    for (const path of stylesheets(root)) {
      for (const width of mediaWidths(readFileSync(path, "utf8"))) {
        seen++;
        if (!known.has(width) && !fixedMediaWidths.has(width)) unknown.push(`${relative(root, path)}: ${width}px`);
      }
    }
    expect(seen).toBeGreaterThan(20);
    expect(unknown).toEqual([]);
  });

  it("moves each breakpoint's widths in a stylesheet, and nothing else", () => {
    const css =
      "@media (max-width:800px){.a{b:1}}@media (min-width:801px){.a{b:2}}@media (max-width: 798px){.c{width:800px}}" +
      "@media (min-width:799px){.c{d:1}}@media (min-width:1201px){.e{f:1}}@media (max-width:550px){.g{h:1}}" +
      "@media (width <= 600px){.i{j:1}}@media (prefers-reduced-motion:reduce){.k{l:1}}";
    const moved = moveBreakpointWidths(css, { xs: 400, oneColumn: 600, compact: 900, twoColumns: 1400 });
    expect(moved).toBe(
      "@media (max-width:900px){.a{b:1}}@media (min-width:901px){.a{b:2}}@media (max-width: 848px){.c{width:800px}}" +
        "@media (min-width:849px){.c{d:1}}@media (min-width:1401px){.e{f:1}}@media (max-width:600px){.g{h:1}}" +
        "@media (width <= 600px){.i{j:1}}@media (prefers-reduced-motion:reduce){.k{l:1}}",
    );
    expect(moveBreakpointWidths(css, defaultBreakpoints)).toBe(css);
  });

  it("reads the theme's breakpoints from the root, §9's where it has none", () => {
    expect(pageBreakpoints()).toEqual(defaultBreakpoints);
    document.documentElement.style.setProperty("--breakpoint-compact", "1000px");
    document.documentElement.style.setProperty("--breakpoint-two-columns", "1500px");
    expect(pageBreakpoints()).toEqual({ ...defaultBreakpoints, compact: 1000, twoColumns: 1500 });
  });

  it("puts the device and compact classes on the body at the theme's breakpoints", () => {
    const themed = { xs: 400, oneColumn: 600, compact: 1000, twoColumns: 1500 };
    // One column: 600 + the panel (216) + two gutters (32) = 848.
    expect(deviceForWidth(450, themed)).toBe("mobile");
    expect(deviceForWidth(848, themed)).toBe("mobile");
    expect(deviceForWidth(849, themed)).toBe("tablet");
    expect(deviceForWidth(1400, themed)).toBe("tablet");
    expect(deviceForWidth(1580, themed)).toBe("no_bleed");
    expect(isCompactWidth(950, themed)).toBe(true);
    expect(isCompactWidth(950)).toBe(false);

    document.documentElement.style.setProperty("--breakpoint-compact", "1000px");
    const body = document.createElement("body");
    applyDeviceClasses(body, 950);
    expect([...body.classList].sort()).toEqual(["device-tablet", "isCompact"]);
  });
});
