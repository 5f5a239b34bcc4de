import { layoutLimits } from "./shell-limits.ts";

/**
 * A theme's layout breakpoints (spec §2 and §9: xs 500, one column 550, compact 800, two columns 1200 px), and how
 * they reach the page. The theme's variables name them (`layout.breakpoints`); the server writes them as
 * `--breakpoint-*` variables (theme-css.ts), which the device classes read (apps/web/src/shell/device.ts). CSS media queries cannot
 * read variables, so the app's stylesheet writes §9's widths, and a theme that moves a breakpoint gets the stylesheet
 * with those widths moved (`moveBreakpointWidths`, served by apps/server/src/pages/themed-styles.ts).
 */
export interface Breakpoints {
  xs: number;
  oneColumn: number;
  compact: number;
  twoColumns: number;
}

export const defaultBreakpoints: Breakpoints = {
  xs: layoutLimits.xs,
  oneColumn: layoutLimits.oneColumn,
  compact: layoutLimits.compact,
  twoColumns: layoutLimits.twoColumns,
};

/** The largest breakpoint a theme may set (its `Pixels`). */
const maxBreakpoint = 10_000;

/** A theme's breakpoints: its own where it sets a whole, non-negative number of pixels, §9's otherwise. */
export function resolveBreakpoints(given: Partial<Record<keyof Breakpoints, unknown>> | undefined): Breakpoints {
  const pick = (value: unknown, fallback: number) =>
    typeof value === "number" && Number.isFinite(value) && value >= 0
      ? Math.min(Math.round(value), maxBreakpoint)
      : fallback;
  return {
    xs: pick(given?.xs, defaultBreakpoints.xs),
    oneColumn: pick(given?.oneColumn, defaultBreakpoints.oneColumn),
    compact: pick(given?.compact, defaultBreakpoints.compact),
    twoColumns: pick(given?.twoColumns, defaultBreakpoints.twoColumns),
  };
}

export const isDefaultBreakpoints = (breakpoints: Breakpoints) =>
  (Object.keys(defaultBreakpoints) as Array<keyof Breakpoints>).every(
    (name) => breakpoints[name] === defaultBreakpoints[name],
  );

/**
 * The body widths at which the device class changes (spec §2): xs up to the xs breakpoint, mobile up to one column
 * (the minimal middle column plus a padded panel: 550 + 216 + 2 × 16 = 798 by default), tablet up to two columns,
 * no-bleed up to the full content width, desktop beyond.
 */
export function deviceWidths(breakpoints: Breakpoints) {
  return {
    xs: breakpoints.xs,
    oneColumn: breakpoints.oneColumn + layoutLimits.panelWidth + 2 * layoutLimits.gutterBase,
    compact: breakpoints.compact,
    twoColumns: breakpoints.twoColumns,
    noBleed: breakpoints.twoColumns + 2 * layoutLimits.gutterFull,
  };
}

/**
 * The widths the app's CSS modules write in their `@media` rules that follow a breakpoint: each breakpoint's own
 * width (`max-width: 800px`, up to and at it) and the next pixel (`min-width: 801px`, past it). The one-column
 * device width (798) is where the pages' columns stack. A `@media` width that is none of these, nor one of
 * `fixedMediaWidths`, fails apps/web/src/shell/device.test.ts: a new rule must say which it follows.
 */
export function breakpointWidths(breakpoints: Breakpoints): Map<number, number> {
  const defaults = deviceWidths(defaultBreakpoints);
  const themed = deviceWidths(breakpoints);
  const widths = new Map<number, number>();
  for (const name of ["xs", "oneColumn", "compact", "twoColumns"] as const) {
    widths.set(defaults[name], themed[name]);
    widths.set(defaults[name] + 1, themed[name] + 1);
  }
  // The raw one-column breakpoint (550) also marks where a narrow card grid goes to one column.
  widths.set(defaultBreakpoints.oneColumn, breakpoints.oneColumn);
  widths.set(defaultBreakpoints.oneColumn + 1, breakpoints.oneColumn + 1);
  return widths;
}

/**
 * `@media` widths that follow no theme breakpoint: spec §9's screen sizes (portrait 600, others 932: 933 is past
 * it), the table's mobile width (600), and widths of one component's own (a two-factor code's 480, the dashboard
 * table's 760, the fragments editor's 900, the search page's and layout editor's side column at 1000).
 */
export const fixedMediaWidths: ReadonlySet<number> = new Set([480, 600, 760, 900, 933, 1000]);

/** `(max-width: 800px)`, `(min-width:801px)`, `(width <= 800px)`: a width condition of a media query. */
const WIDTH_CONDITION = /(\(\s*(?:min-|max-)?width\s*(?::|<=|>=|<|>|=)\s*)(\d+(?:\.\d+)?)px/g;

/**
 * The stylesheet with every `@media` width that follows a breakpoint moved to the theme's breakpoints (the text
 * unchanged elsewhere, and unchanged when the breakpoints are §9's).
 */
export function moveBreakpointWidths(css: string, breakpoints: Breakpoints): string {
  if (isDefaultBreakpoints(breakpoints)) return css;
  const widths = breakpointWidths(breakpoints);
  return css.replace(/@media[^{;]*/g, (query) =>
    query.replace(WIDTH_CONDITION, (whole, condition: string, value: string) => {
      const moved = widths.get(Number(value));
      return moved === undefined ? whole : `${condition}${moved}px`;
    }),
  );
}
