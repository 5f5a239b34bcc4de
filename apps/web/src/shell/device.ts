import {
  breakpointVariables,
  defaultBreakpoints,
  deviceWidths,
  resolveBreakpoints,
  type Breakpoints,
} from "@parley/contracts/breakpoints";

/** The device classes of spec §2, by body width. */
export type Device = "xs" | "mobile" | "tablet" | "no_bleed" | "desktop";

/**
 * The page's layout breakpoints: the theme's `--breakpoint-*` variables on the root (the server writes them in the
 * theme's `<style id="theme-variables">`), §9's where the page has none (the server, tests without a theme).
 */
export function pageBreakpoints(
  root: Element | null = typeof document === "undefined" ? null : document.documentElement,
): Breakpoints {
  if (!root || typeof getComputedStyle === "undefined") return defaultBreakpoints;
  const style = getComputedStyle(root);
  const read = (name: keyof Breakpoints) => {
    const value = Number.parseFloat(style.getPropertyValue(breakpointVariables[name]));
    return Number.isFinite(value) ? value : undefined;
  };
  return resolveBreakpoints({
    xs: read("xs"),
    oneColumn: read("oneColumn"),
    compact: read("compact"),
    twoColumns: read("twoColumns"),
  });
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
export function isCompactNow(): boolean {
  return (
    typeof window !== "undefined" && window.matchMedia?.(`(max-width: ${pageBreakpoints().compact}px)`).matches === true
  );
}
