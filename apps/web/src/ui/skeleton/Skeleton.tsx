import type { CSSProperties } from "react";
import { cx } from "../css.ts";
import styles from "./Skeleton.module.css";

export interface SkeletonProps {
  /** CSS width, e.g. "60%" or 120 (px). Full width by default. */
  width?: CSSProperties["width"];
  /** CSS height; one line of text by default. */
  height?: CSSProperties["height"];
  /** Round, e.g. in place of a user photo. */
  circle?: boolean;
  className?: string;
}

/**
 * A grey placeholder with a 2 s shimmer (still when the reader prefers reduced motion), shown where
 * content is loading. Hidden from screen readers: pair it with a `Loader` or `aria-busy` on the
 * region.
 */
export function Skeleton({ width, height, circle = false, className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      data-skeleton=""
      className={cx(styles.skeleton, circle && styles.circle, className)}
      style={{ width, height }}
    />
  );
}
