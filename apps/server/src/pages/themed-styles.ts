import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { isDefaultBreakpoints, moveBreakpointWidths, type Breakpoints } from "@parley/contracts/breakpoints";
import { notFound } from "../platform/errors.ts";

/**
 * The app's stylesheet at a theme's layout breakpoints. CSS media queries cannot read the theme's `--breakpoint-*`
 * variables, so a theme that moves a breakpoint links the built stylesheet with its `@media` widths moved
 * (`moveBreakpointWidths`): `/assets/breakpoints/{xs}-{oneColumn}-{compact}-{twoColumns}/{file}.css`. The address
 * names the widths and the build's file (its hash), so the answer never changes and is cached as the assets are.
 */
const PREFIX = "/assets/breakpoints";
const WIDTHS = /^(\d{1,5})-(\d{1,5})-(\d{1,5})-(\d{1,5})$/;
const FILE = /^[\w-]+\.css$/;
/** The largest breakpoint a theme may set (the theme schema's pixels). */
const MAX_WIDTH = 10_000;
/** Moved stylesheets kept: a site has a theme or two being edited at a time. */
const KEPT = 16;

/** The stylesheet's address at the theme's breakpoints (the build's own when they are §9's). */
export function themedStylesHref(href: string, breakpoints: Breakpoints | null | undefined): string {
  if (!breakpoints || isDefaultBreakpoints(breakpoints) || !href.startsWith("/assets/") || !href.endsWith(".css"))
    return href;
  const { xs, oneColumn, compact, twoColumns } = breakpoints;
  return `${PREFIX}/${xs}-${oneColumn}-${compact}-${twoColumns}/${path.posix.basename(href)}`;
}

/** `GET /assets/breakpoints/:widths/:file`: a built stylesheet of `clientDir/assets`, its widths moved. */
export function registerThemedStyles(app: FastifyInstance, clientDir: string): void {
  const assetsDir = path.join(clientDir, "assets");
  const originals = new Map<string, Promise<string | null>>();
  const moved = new Map<string, string>();
  const original = (file: string) => {
    let found = originals.get(file);
    if (!found) {
      found = fs.readFile(path.join(assetsDir, file), "utf8").catch(() => null);
      originals.set(file, found);
    }
    return found;
  };

  app.get<{ Params: { widths: string; file: string } }>(`${PREFIX}/:widths/:file`, async (request, reply) => {
    const { widths, file } = request.params;
    const match = WIDTHS.exec(widths);
    const values = match?.slice(1).map(Number) ?? [];
    if (!match || !FILE.test(file) || values.some((value) => value > MAX_WIDTH)) throw notFound("Stylesheet");
    const key = `${widths}/${file}`;
    let css = moved.get(key);
    if (css === undefined) {
      const text = await original(file);
      if (text === null) {
        originals.delete(file);
        throw notFound("Stylesheet");
      }
      const [xs, oneColumn, compact, twoColumns] = values as [number, number, number, number];
      css = moveBreakpointWidths(text, { xs, oneColumn, compact, twoColumns });
      if (moved.size >= KEPT) moved.delete(moved.keys().next().value as string);
      moved.set(key, css);
    }
    return reply
      .type("text/css; charset=utf-8")
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(css);
  });
}
