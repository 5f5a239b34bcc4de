import { useSuspenseQuery } from "@tanstack/react-query";
import { useLoaderData } from "react-router";
import type { AnalyticsSummary } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { buttonLook } from "../../../ui/button/Button.tsx";
import { FormAlert } from "../../../ui/forms/Form.tsx";
import { DiscussionIcon, EmptySearchIcon, FolderIcon } from "../../../ui/icons/more.tsx";
import { formatDay } from "../analytics.format.ts";
import { analyticsCsvHref, analyticsPagePath } from "../analytics.paths.ts";
import { daysIn, type AnalyticsPeriod } from "../analytics.period.ts";
import { analyticsSummaryQuery } from "../analytics.queries.ts";
import { AnalyticsChart } from "../components/AnalyticsChart.tsx";
import { AnalyticsTotals } from "../components/AnalyticsTotals.tsx";
import { PeriodForm } from "../components/PeriodForm.tsx";
import { TopTable, type TopRow } from "../components/TopTable.tsx";
import styles from "./AnalyticsPage.module.css";

/** What the page's loader gives it: the period to show, and today (the dates' upper bound). */
export type AnalyticsPageData = AnalyticsPeriod & { today: string };

/** The most viewed discussions or categories as the table's rows. */
const topRows = <Id extends "discussionID" | "categoryID">(
  items: ReadonlyArray<Record<Id, number> & { name: string; url: string; views: number }>,
  id: Id,
): TopRow[] =>
  items.map((item) => ({
    key: String(item[id]),
    name: item.name,
    url: item.url,
    count: item.views,
  }));

/** The four charts: page views and visits, new members, discussions and comments, active members. */
function Charts({ days }: { days: AnalyticsSummary["days"] }) {
  return (
    <div className={styles.charts}>
      <AnalyticsChart
        id="analytics-chart-traffic"
        title={t("Page Views and Visits")}
        series={[
          { measure: "pageViews", label: t("Page views") },
          { measure: "visits", label: t("Visits") },
        ]}
        days={days}
      />
      <AnalyticsChart
        id="analytics-chart-members"
        title={t("New Members")}
        series={[{ measure: "newMembers", label: t("New members") }]}
        days={days}
      />
      <AnalyticsChart
        id="analytics-chart-posts"
        title={t("Discussions and Comments")}
        series={[
          { measure: "discussions", label: t("Discussions") },
          { measure: "comments", label: t("Comments") },
        ]}
        days={days}
      />
      <AnalyticsChart
        id="analytics-chart-active"
        title={t("Active Members")}
        series={[{ measure: "activeMembers", label: t("Active members") }]}
        days={days}
      />
    </div>
  );
}

/** The period's figures: totals, the charts, and the top lists. */
function Summary({ period }: { period: AnalyticsPeriod }) {
  const { data: summary } = useSuspenseQuery(analyticsSummaryQuery(useApi(), period));
  return (
    <>
      <section className={styles.part} aria-labelledby="analytics-totals">
        <h2 id="analytics-totals" className={styles.heading}>
          {t("Totals")}
        </h2>
        <p className={styles.note}>
          {summary.from === summary.to
            ? t("{day}: 1 day.", { day: formatDay(summary.from) })
            : t("{from} to {to}: {count} days.", {
                from: formatDay(summary.from),
                to: formatDay(summary.to),
                count: daysIn(summary.from, summary.to),
              })}
        </p>
        <AnalyticsTotals totals={summary.totals} />
      </section>
      <section className={styles.part} aria-labelledby="analytics-days">
        <h2 id="analytics-days" className={styles.heading}>
          {t("Day by Day")}
        </h2>
        <Charts days={summary.days} />
      </section>
      <TopTable
        id="analytics-discussions"
        title={t("Most Viewed Discussions")}
        columns={[t("Discussion"), t("Views")]}
        rows={topRows(summary.topDiscussions, "discussionID")}
        empty={{ icon: <DiscussionIcon size={24} />, sentence: t("No discussion was viewed in this period.") }}
      />
      <TopTable
        id="analytics-categories"
        title={t("Most Viewed Categories")}
        columns={[t("Category"), t("Views")]}
        rows={topRows(summary.topCategories, "categoryID")}
        empty={{ icon: <FolderIcon size={24} />, sentence: t("No category was viewed in this period.") }}
      />
      <TopTable
        id="analytics-searches"
        title={t("Searches That Found Nothing")}
        columns={[t("Searched for"), t("Searches")]}
        rows={summary.searchesWithoutResults.map((item) => ({ key: item.query, name: item.query, count: item.count }))}
        empty={{ icon: <EmptySearchIcon size={24} />, sentence: t("Every search in this period found something.") }}
      />
    </>
  );
}

/**
 * `/dashboard/analytics` (site managers): the site's page views, visits and members' activity over a period, as
 * totals, charts with their tables, and top lists; a GET form chooses the period, and the CSV holds its days.
 * Server-rendered, it works without JavaScript.
 */
export function AnalyticsPage() {
  const { today, ...period } = useLoaderData<AnalyticsPageData>();
  return (
    <section className={styles.page} aria-labelledby="analytics-title">
      <PageHead title={t("Analytics")} canonical={analyticsPagePath} noindex />
      <div className={styles.header}>
        <h1 id="analytics-title" className={styles.title}>
          {t("Analytics")}
        </h1>
        {period.problem ? null : (
          <a href={analyticsCsvHref(period)} download {...buttonLook({ buttonType: "standard" })}>
            {t("Download CSV")}
          </a>
        )}
      </div>
      <p className={styles.note}>
        {t(
          "What readers and members did on the site, day by day. The visits of members who asked to be left out are not counted.",
        )}
      </p>
      <PeriodForm period={period} today={today} />
      {period.problem ? <FormAlert>{t("Choose a period to show.")}</FormAlert> : <Summary period={period} />}
    </section>
  );
}
