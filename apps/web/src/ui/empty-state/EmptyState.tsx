import type { ReactNode } from "react";
import { buttonLook } from "../button/Button.tsx";
import styles from "./EmptyState.module.css";

/**
 * An empty list or page (design principle 6): an icon, one sentence and, where there is one, the next thing to do
 * (a link or button). Server-rendered like the list it stands for; the icon is decorative (`aria-hidden`).
 */
export function EmptyState({
  icon,
  children,
  action,
  link,
  compact = false,
}: {
  /** A Lucide icon of `ui/icons` (rendered at 32 px by the caller or here). */
  icon: ReactNode;
  /** The sentence. */
  children: ReactNode;
  action?: ReactNode;
  /** The next place to go as a plain link in a standard button's look (works in server-only markup too). */
  link?: { href: string; label: string } | undefined;
  /** Less room, for a list inside a page (a profile's tab, a panel). */
  compact?: boolean;
}) {
  return (
    <div className={compact ? `${styles.empty} ${styles.compact}` : styles.empty} data-part="empty-state">
      <span className={styles.icon}>{icon}</span>
      <p className={styles.sentence}>{children}</p>
      {link ? (
        <a href={link.href} {...buttonLook({ buttonType: "standard" })}>
          {link.label}
        </a>
      ) : null}
      {action}
    </div>
  );
}
