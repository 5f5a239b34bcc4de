import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { limits } from "@parley/contracts/limits";
import { t } from "../../lib/i18n.ts";
import { Button } from "../button/Button.tsx";
import { cssVars, cx, px } from "../css.ts";
import styles from "./Collapsible.module.css";

export interface CollapsibleProps {
  children: ReactNode;
  /** Height it collapses to (100 by default). */
  maxHeight?: number;
  /** Content up to maxHeight + overshoot (50 by default) is never collapsed: not worth a button. */
  overshoot?: number;
  className?: string;
}

/**
 * Long content collapsed to `maxHeight` with an Expand / Collapse button (spec §2, §4). The server's
 * HTML and the first render show everything (nothing is hidden from readers without JavaScript);
 * the content is measured after hydration and only then collapsed if it is too tall.
 */
export function Collapsible({
  children,
  maxHeight = limits.sizes.collapsibleMaxHeight,
  overshoot = limits.sizes.collapsibleOvershoot,
  className,
}: CollapsibleProps) {
  const id = useId();
  const contentRef = useRef<HTMLDivElement>(null);
  const [isTall, setTall] = useState(false);
  const [isExpanded, setExpanded] = useState(false);

  useEffect(() => {
    const content = contentRef.current;
    if (!content) return;
    const measure = () => setTall(content.scrollHeight > maxHeight + overshoot);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(content);
    return () => observer.disconnect();
  }, [maxHeight, overshoot]);

  const isCollapsed = isTall && !isExpanded;
  return (
    <div className={cx(styles.collapsible, className)}>
      <div
        id={id}
        ref={contentRef}
        className={cx(styles.content, isCollapsed && styles.collapsed)}
        style={isCollapsed ? cssVars({ "--collapsible-max-height": px(maxHeight) }) : undefined}
        data-collapsed={isCollapsed || undefined}
      >
        {children}
      </div>
      {isTall ? (
        <Button
          buttonType="text"
          className={styles.toggle}
          aria-expanded={isExpanded}
          aria-controls={id}
          onPress={() => setExpanded((expanded) => !expanded)}
        >
          {isExpanded ? t("Collapse") : t("Expand")}
        </Button>
      ) : null}
    </div>
  );
}
