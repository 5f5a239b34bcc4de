import { defaultBreakpoints, deviceWidths, type Breakpoints } from "@parley/contracts/breakpoints";

/** The device classes of spec §2, by body width. */
export type Device = "xs" | "mobile" | "tablet" | "no_bleed" | "desktop";

/**
 * The page's layout breakpoints: the theme's `--breakpoint-*` variables on the root (the server writes them in the
 * theme's `<style id="theme-variables">`), §9's where the page has none (the server, tests).
 */
export function pageBreakpoints(): Breakpoints {
  if (typeof document === "undefined") return defaultBreakpoints;
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: number) => {
    const value = parseFloat(style.getPropertyValue(`--breakpoint-${name}`));
    return value >= 0 ? value : fallback;
  };
  return {
    xs: read("xs", defaultBreakpoints.xs),
    oneColumn: read("one-column", defaultBreakpoints.oneColumn),
    compact: read("compact", defaultBreakpoints.compact),
    twoColumns: read("two-columns", defaultBreakpoints.twoColumns),
  };
}

export function deviceForWidth(width: number, breakpoints: Breakpoints = pageBreakpoints()): Device {
  const widths = deviceWidths(breakpoints);
  if (width <= widths.xs) return "xs";
  if (width <= widths.oneColumn) return "mobile";
  if (width <= widths.twoColumns) return "tablet";
  if (width <= widths.noBleed) return "no_bleed";
  return "desktop";
}

/** The compact page width class: the compact breakpoint (800 px) and narrower. */
export const isCompactWidth = (width: number, breakpoints: Breakpoints = pageBreakpoints()) =>
  width <= breakpoints.compact;

/** Whether the page is compact right now (false on the server). */
export const isCompactNow = (): boolean =>
  typeof window !== "undefined" && window.matchMedia?.(`(max-width: ${pageBreakpoints().compact}px)`).matches === true;
