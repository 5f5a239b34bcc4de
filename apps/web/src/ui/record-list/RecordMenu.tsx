import type { ReactNode } from "react";
import { Link } from "react-router";
import { Loader } from "../loader/Loader.tsx";
import styles from "./RecordMenu.module.css";

/**
 * A title bar dropdown's content listing records (also a side panel tab): a heading with an action
 * beside it, the list (or a loader, the error, the empty sentence), and a link to the full page.
 */
export function RecordMenu({
  heading,
  headingId,
  action,
  state,
  errorText,
  emptyText,
  list,
  footer,
  part,
}: {
  heading: string;
  headingId: string;
  action?: ReactNode;
  state: "pending" | "error" | "empty" | "ready";
  errorText: string;
  emptyText: string;
  /** The list, shown when the state is ready. */
  list: () => ReactNode;
  footer: { to: string; label: string };
  /** `data-part` of the menu, for tests. */
  part?: string;
}) {
  return (
    <div className={styles.menu} data-part={part}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {heading}
        </h2>
        {action ? <span className={styles.action}>{action}</span> : null}
      </div>
      <div className={styles.body}>
        {state === "pending" ? (
          <Loader padded />
        ) : state === "error" ? (
          <p className={styles.message} role="alert">
            {errorText}
          </p>
        ) : state === "empty" ? (
          <p className={styles.message}>{emptyText}</p>
        ) : (
          list()
        )}
      </div>
      <div className={styles.footer}>
        <Link className={styles.footerLink} to={footer.to}>
          {footer.label}
        </Link>
      </div>
    </div>
  );
}

/** The menu's state from its query. */
export const recordMenuState = (query: { isPending: boolean; isError: boolean }, count: number) =>
  query.isPending ? "pending" : query.isError ? "error" : count === 0 ? "empty" : "ready";
