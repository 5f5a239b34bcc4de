import type { CSSProperties } from "react";
import { layoutLimits } from "@parley/contracts/shell-limits";
import styles from "./LayoutRenderer.module.css";

const layout = layoutLimits;

/** The widest "mobile" body (spec §2 device classes): the minimal one-column width plus a padded panel. */
const mobileMaxWidth = layout.oneColumn + layout.panelWidth + 2 * layout.gutterBase;
/** Two columns fit when the minimal middle column and the two-column panel do, with a full gutter. */
const twoColumnsMinWidth = layout.middleColumnMin + layout.panelWidthTwoColumn + layout.gutterFull;

/**
 * The width rules of layouts, written from the §9 constants (CSS media queries cannot read custom
 * properties). Rendered as one hoisted, deduplicated <style> (React 19), so it works server-side.
 */
export const layoutCss = [
  `@media (max-width:${mobileMaxWidth}px){.${styles.hideOnMobile}{display:none!important}}`,
  `@media (min-width:${mobileMaxWidth + 1}px){.${styles.hideOnDesktop}{display:none!important}}`,
  `@media (min-width:${twoColumnsMinWidth + 1}px){.${styles.twoColumns}{grid-template-columns:minmax(${layout.middleColumnMin}px,1fr) ${layout.panelWidthTwoColumn}px}}`,
  `@media (min-width:${layout.twoColumns + 1}px){.${styles.threeColumns}{grid-template-columns:${layout.panelWidth}px minmax(${layout.middleColumnMin}px,${layout.middleColumn}px) ${layout.panelWidth}px}}`,
].join("");

/** The gap between columns and sections. */
export const sectionStyle = { "--layout-gap": `${layout.gutterBase}px` } as CSSProperties;
