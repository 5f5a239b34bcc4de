import type { CSSProperties } from "react";

/** A size of spec §9 as a CSS length. */
export const px = (value: number) => `${value}px`;

/**
 * CSS custom properties for an inline `style`: the component's sizes come from `limits` (one source
 * for the numbers) and its CSS Module reads them as `var(--…)`.
 */
export const cssVars = (vars: Record<`--${string}`, string | number>, style?: CSSProperties): CSSProperties => ({
  ...vars,
  ...style,
});

/** Joins the class names that are set. */
export const cx = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(" ");
