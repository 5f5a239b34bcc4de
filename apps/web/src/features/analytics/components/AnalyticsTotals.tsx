import type { AnalyticsSummary } from "@parley/contracts";
import type { AnalyticsMeasure } from "@parley/contracts/analytics-constants";
import { msg, t } from "../../../lib/i18n.ts";
import { formatNumber } from "../analytics.format.ts";
import styles from "../pages/AnalyticsPage.module.css";

/** The period's totals, in this order (active members: the average a day, as the API counts them). */
const shown: Array<{ measure: AnalyticsMeasure; label: string }> = [
  { measure: "pageViews", label: msg("Page views") },
  { measure: "visits", label: msg("Visits") },
  { measure: "activeMembers", label: msg("Active members a day, on average") },
  { measure: "newMembers", label: msg("New members") },
  { measure: "discussions", label: msg("Discussions") },
  { measure: "comments", label: msg("Comments") },
];

/** The period's totals as a short list of terms and counts. */
export function AnalyticsTotals({ totals }: { totals: AnalyticsSummary["totals"] }) {
  return (
    <dl className={styles.totals}>
      {shown.map(({ measure, label }) => (
        <div key={measure} className={styles.total}>
          <dt className={styles.totalLabel}>{t(label)}</dt>
          <dd className={styles.totalCount}>{formatNumber(totals[measure])}</dd>
        </div>
      ))}
    </dl>
  );
}
