import { countBadgeCompactAbove, countBadgeMax } from "@parley/contracts/shell-limits";
import { formatCount } from "../../lib/numbers.ts";
import { cx } from "../css.ts";
import styles from "./CountBadge.module.css";

/**
 * What a badge shows: above `max` it reads 'max+' (99+ by default); without a cap, counts above
 * `limits.countBadgeCompactAbove` are abbreviated (1.2k). Spec §9.
 */
export function countBadgeText(count: number, max: number | null = countBadgeMax): string {
  if (max !== null && count > max) return `${max}+`;
  if (count > countBadgeCompactAbove) return formatCount(count);
  return String(count);
}

export interface CountBadgeProps {
  count: number;
  /** What a screen reader hears instead of the visible text, e.g. t("{count} unread notifications"). */
  label?: string;
  /** The cap, `null` for none. */
  max?: number | null;
  /** Show the badge at zero (hidden by default). */
  showZero?: boolean;
  className?: string;
}

/** A small count bubble, e.g. unread notifications on the title bar. */
export function CountBadge({ count, label, max, showZero = false, className }: CountBadgeProps) {
  if (count <= 0 && !showZero) return null;
  return (
    <span className={cx(styles.badge, className)}>
      <span aria-hidden="true">{countBadgeText(count, max)}</span>
      <span className="visually-hidden">{label ?? String(count)}</span>
    </span>
  );
}
