import { layoutLimits } from "@parley/contracts/shell-limits";

/** The device classes of spec §2, by body width. */
export type Device = "xs" | "mobile" | "tablet" | "no_bleed" | "desktop";

const layout = layoutLimits;

/** One column below the minimal middle column plus a padded panel; no-bleed up to the full content width. */
const deviceBreakpoints = {
  xs: layout.xs,
  oneColumn: layout.oneColumn + layout.panelWidth + 2 * layout.gutterBase,
  twoColumns: layout.twoColumns,
  noBleed: layout.twoColumns + 2 * layout.gutterFull,
} as const;

export function deviceForWidth(width: number): Device {
  if (width <= deviceBreakpoints.xs) return "xs";
  if (width <= deviceBreakpoints.oneColumn) return "mobile";
  if (width <= deviceBreakpoints.twoColumns) return "tablet";
  if (width <= deviceBreakpoints.noBleed) return "no_bleed";
  return "desktop";
}

/** The compact page width class: 800 px and narrower. */
export const isCompactWidth = (width: number) => width <= layout.compact;

/** `(max-width: 800px)`, for matchMedia. */
const compactMediaQuery = `(max-width: ${layout.compact}px)`;

/** Whether the page is compact right now (false on the server). */
export function isCompactNow(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.(compactMediaQuery).matches === true;
}
