import type { ReactNode } from "react";
import { EmptyState } from "../empty-state/EmptyState.tsx";
import { Pager } from "../pager/Pager.tsx";
import styles from "./RecordPageList.module.css";

/**
 * A full page's list of records (a `RecordList` in a card, or the empty sentence) and its numbered
 * pager with real links; pages of a more-style API count what they have seen so far.
 */
export function RecordPageList({
  count,
  emptyText,
  emptyIcon,
  emptyAction,
  children,
  pager,
}: {
  /** Records on this page. */
  count: number;
  emptyText: string;
  /** The empty state's icon and next action (design principle 6). */
  emptyIcon: ReactNode;
  emptyAction?: ReactNode;
  children: ReactNode;
  pager: { page: number; limit: number; hasMore: boolean; href: (page: number) => string; label: string };
}) {
  return (
    <>
      {count === 0 ? (
        <EmptyState icon={emptyIcon} action={emptyAction}>
          {emptyText}
        </EmptyState>
      ) : (
        <div className={styles.card}>{children}</div>
      )}
      <Pager
        page={pager.page}
        limit={pager.limit}
        total={(pager.page - 1) * pager.limit + count}
        hasMore={pager.hasMore}
        href={pager.href}
        label={pager.label}
      />
    </>
  );
}
