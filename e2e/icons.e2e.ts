import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onePath } from "../apps/web/src/ui/icons/one-path.ts";
import { launchBrowser } from "./support/browser.ts";

/** The Lucide icons the app draws: those `ui/icons` imports. */
const iconNames = ["icons.tsx", "more.tsx"].flatMap((file) =>
  [
    ...readFileSync(new URL(`../apps/web/src/ui/icons/${file}`, import.meta.url), "utf8").matchAll(
      /lucide-react\/icons\/([a-z0-9-]+)/g,
    ),
  ].map((match) => match[1]!),
);

type Node = ReadonlyArray<readonly [string, Record<string, string>]>;
const attributes = (attrs: Record<string, string>) =>
  Object.entries(attrs)
    .filter(([name]) => name !== "key")
    .map(([name, value]) => `${name}="${value}"`)
    .join(" ");
const svg = (inner: string, size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="${size}" height="${size}" fill="none" ` +
  `stroke="black" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${inner}</svg>`;

/**
 * The build (vite.config.ts) draws each icon's shapes as one path (a fifth of the elements on a page). Chromium draws both, as Lucide
 * gives them and as one path, at three sizes; no more than a few pixels may differ by more than a quarter of their ink.
 */
describe("icons drawn as one path", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("look as Lucide's shapes do, for every icon the app uses", async () => {
    expect(iconNames.length).toBeGreaterThan(20);
    const pairs: Array<{ name: string; size: number; shapes: string; path: string }> = [];
    for (const name of iconNames) {
      const { __iconData } = (await import(`lucide-react/icons/${name}`)) as { __iconData: { node: Node } };
      const d = onePath(__iconData.node);
      expect(d, name).not.toBeNull();
      for (const size of [16, 24, 96]) {
        pairs.push({
          name,
          size,
          shapes: svg(__iconData.node.map(([tag, attrs]) => `<${tag} ${attributes(attrs)}/>`).join(""), size),
          path: svg(`<path d="${d}"/>`, size),
        });
      }
    }
    const page = await browser.newPage();
    try {
      const differences = await page.evaluate(async (all) => {
        const pixels = async (markup: string, size: number) => {
          const image = new Image();
          image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
          await image.decode();
          const canvas = document.createElement("canvas");
          canvas.width = canvas.height = size;
          const context = canvas.getContext("2d")!;
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, size, size).data;
        };
        const results: Array<{ name: string; size: number; inked: number; differing: number; worst: number }> = [];
        for (const { name, size, shapes, path } of all) {
          const [a, b] = [await pixels(shapes, size), await pixels(path, size)];
          let inked = 0;
          let differing = 0;
          let worst = 0;
          // Alpha only: both are black strokes on nothing.
          for (let index = 3; index < a.length; index += 4) {
            const difference = Math.abs(a[index]! - b[index]!);
            if (a[index]! > 0) inked++;
            if (difference > 64) differing++;
            worst = Math.max(worst, difference);
          }
          results.push({ name, size, inked, differing, worst });
        }
        return results;
      }, pairs);
      for (const { name, size, inked, differing, worst } of differences) {
        expect(inked, `${name} at ${size}px draws something`).toBeGreaterThan(size);
        // Where two shapes cross or nearly touch, one path covers a pixel once where two shapes each covered part of it
        // (the X's centre at 16 px: 4 pixels up to half lighter); a shape drawn wrong differs in most of its pixels.
        expect(
          differing,
          `${name} at ${size}px: ${differing} of ${inked} pixels differ (worst ${worst})`,
        ).toBeLessThanOrEqual(Math.max(6, inked * 0.02));
      }
    } finally {
      await page.close();
    }
  });
});
