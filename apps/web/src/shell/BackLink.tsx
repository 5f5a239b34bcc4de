import type { MouseEvent, ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { t } from "../lib/i18n.ts";
import styles from "./BackLink.module.css";

/**
 * Where "Back" goes (spec §4 History): back in history when there is somewhere to go back to, else
 * to the referrer (on this site), else to the site root.
 */
export function backDestination(
  historyLength: number,
  referrer: string,
  origin: string,
): { kind: "history" } | { kind: "url"; url: string } {
  if (historyLength > 1) return { kind: "history" };
  if (referrer) {
    try {
      const url = new URL(referrer);
      if (url.origin === origin) return { kind: "url", url: url.pathname + url.search + url.hash };
    } catch {
      // An unreadable referrer counts as none.
    }
  }
  return { kind: "url", url: "/" };
}

/** A "Back" link: a real link to `fallbackUrl` (or home) without JavaScript, history-aware with it. */
export function BackLink({
  fallbackUrl = "/",
  className,
  children,
}: {
  fallbackUrl?: string;
  className?: string;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const destination = backDestination(window.history.length, document.referrer, window.location.origin);
    if (destination.kind === "history") void navigate(-1);
    else void navigate(destination.url === "/" ? fallbackUrl : destination.url);
  };
  return (
    <Link to={fallbackUrl} className={className ?? styles.backLink} onClick={handleClick}>
      <span aria-hidden="true" className={styles.arrow}>
        ‹
      </span>
      {children ?? t("Back")}
    </Link>
  );
}
