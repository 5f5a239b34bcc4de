import { useEffect, useState } from "react";
import { sizesLimits, timingLimits } from "@parley/contracts/shell-limits";
import { t } from "../../lib/i18n.ts";
import { cssVars, cx, px } from "../css.ts";
import styles from "./Loader.module.css";

export interface LoaderProps {
  /** How long to wait before showing anything (150 ms by default): quick loads show no spinner. */
  delay?: number;
  /** Spinner size: the icon sizes of spec §9 (small 16, default 24, large 32). */
  size?: keyof typeof sizesLimits.icon;
  /** What screen readers hear; 'Loading' by default. */
  label?: string;
  /** Centre it in a padded block instead of inline. */
  padded?: boolean;
  className?: string;
}

/**
 * A spinner that appears only after a delay (spec §4). The `role="status"` element is there from the
 * start (and in the server's HTML, empty) so its text is announced when it appears.
 */
export function Loader({
  delay = timingLimits.loaderDelayMs,
  size = "default",
  label,
  padded = false,
  className,
}: LoaderProps) {
  const [visible, setVisible] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return;
    const timer = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);

  return (
    <div
      role="status"
      className={cx(styles.loader, padded && styles.padded, className)}
      style={cssVars({ "--loader-size": px(sizesLimits.icon[size]) })}
    >
      {visible ? (
        <>
          <span className={styles.spinner} aria-hidden="true" />
          <span className="visually-hidden">{label ?? t("Loading")}</span>
        </>
      ) : null}
    </div>
  );
}
