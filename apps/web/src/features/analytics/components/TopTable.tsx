import type { ReactNode } from "react";
import { EmptyState } from "../../../ui/empty-state/EmptyState.tsx";
import { formatNumber } from "../analytics.format.ts";
import styles from "../pages/AnalyticsPage.module.css";

export interface TopRow {
  key: string;
  name: string;
  /** Where the name links to (a discussion, a category); plain text without. */
  url?: string;
  count: number;
}

/**
 * A top list of the period under its heading (most viewed discussions, categories, searches that found nothing): a
 * table of names and counts, or one sentence when there is nothing to list.
 */
export function TopTable({
  id,
  title,
  columns,
  rows,
  empty,
}: {
  id: string;
  title: string;
  /** The headers of the name's column and the count's. */
  columns: [string, string];
  rows: TopRow[];
  empty: { icon: ReactNode; sentence: string };
}) {
  return (
    <section className={styles.part} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {rows.length ? (
        <table className={styles.top} aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col" className={styles.count}>
                {columns[1]}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.url ? <a href={row.url}>{row.name}</a> : row.name}</th>
                <td className={styles.count}>{formatNumber(row.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <EmptyState icon={empty.icon} compact>
          {empty.sentence}
        </EmptyState>
      )}
    </section>
  );
}
