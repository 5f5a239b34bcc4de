import { useSuspenseQuery } from "@tanstack/react-query";
import type { SiteTotal } from "@parley/contracts";
import { Link } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { currentLocale, msg, t } from "../../../lib/i18n.ts";
import { useTitleBar } from "../../layouts/index.ts";
import { meQuery } from "../../users/index.ts";
import { dashboardPath, dashboardSections } from "../dashboard.nav.ts";
import { siteTotalsQuery } from "../dashboard.queries.ts";
import styles from "./DashboardHomePage.module.css";

const numbers = new Intl.NumberFormat(currentLocale());

/** The totals the overview shows, in this order. */
const shown: Array<{ name: string; label: string }> = [
  { name: "user", label: msg("Members") },
  { name: "discussion", label: msg("Discussions") },
  { name: "comment", label: msg("Comments") },
  { name: "category", label: msg("Categories") },
];

function Total({ label, total }: { label: string; total: SiteTotal }) {
  return (
    <div className={styles.total}>
      <dt className={styles.label}>{t(label)}</dt>
      <dd className={styles.count}>{numbers.format(total.count)}</dd>
      {total.last7Days !== undefined && total.last30Days !== undefined ? (
        <dd className={styles.recent}>
          {t("{week} new in 7 days, {month} in 30 days", {
            week: numbers.format(total.last7Days),
            month: numbers.format(total.last30Days),
          })}
        </dd>
      ) : null}
    </div>
  );
}

/** `/dashboard`: the site's totals and where the member's attention is needed. */
export function DashboardHomePage() {
  const api = useApi();
  const { data: me } = useSuspenseQuery(meQuery(api));
  const { data: totals } = useSuspenseQuery(siteTotalsQuery(api));
  const registrationApproval = useTitleBar().registrationApproval === true;
  const links = dashboardSections(me, { registrationApproval }).flatMap((section) => section.links);
  const waiting = links.filter((link) => link.name === "Reports" || link.name === "Applicants");
  return (
    <section className={styles.page} aria-labelledby="dashboard-title">
      <PageHead title={t("Dashboard")} canonical={dashboardPath} noindex />
      <h1 id="dashboard-title" className={styles.title}>
        {t("Dashboard")}
      </h1>
      <section aria-labelledby="dashboard-totals">
        <h2 id="dashboard-totals" className={styles.heading}>
          {t("Site Totals")}
        </h2>
        <dl className={styles.totals}>
          {shown.flatMap(({ name, label }) => {
            const total = totals.counts[name];
            return total ? [<Total key={name} label={label} total={total} />] : [];
          })}
        </dl>
      </section>
      {waiting.length > 0 ? (
        <section aria-labelledby="dashboard-attention">
          <h2 id="dashboard-attention" className={styles.heading}>
            {t("Needs Attention")}
          </h2>
          <ul className={styles.attention}>
            {waiting.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>
                  {link.name === "Reports"
                    ? t("Reported posts waiting for review")
                    : t("Applicants waiting for approval")}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
