import type { AnalyticsDay } from "@parley/contracts";
import type { AnalyticsMeasure } from "@parley/contracts/analytics-constants";
import { t } from "../../../lib/i18n.ts";
import { formatCount } from "../../../lib/numbers.ts";
import { chartGeometry, plotHeight, plotWidth, yOf } from "../analytics.chart.ts";
import { formatDay, formatNumber } from "../analytics.format.ts";
import styles from "./AnalyticsChart.module.css";

/** A line of a chart: the measure it draws and its name (translated). */
interface ChartSeries {
  measure: AnalyticsMeasure;
  label: string;
}

/** Each line's look: the first solid in the theme's primary colour, the second dashed in the text colour. */
const lineClass = [styles.line0, styles.line1] as const;

/** The axis's labels, from the top: the plot's top value, its middle (when a whole number) and 0. */
function ValueAxis({ max, ticks }: { max: number; ticks: number[] }) {
  const middle = ticks.includes(max / 2) ? formatCount(max / 2) : "";
  return (
    <div className={styles.valueAxis} aria-hidden="true">
      <span className={styles.top}>{formatCount(max)}</span>
      <span className={styles.middle}>{middle}</span>
      <span className={styles.bottom}>0</span>
    </div>
  );
}

/** The chart's accessible name: what it shows, over which days, and each line's highest day. */
function chartLabel(title: string, series: ChartSeries[], days: AnalyticsDay[]) {
  const period = t("{chart}, a day from {from} to {to}.", {
    chart: title,
    from: formatDay(days[0]!.date),
    to: formatDay(days.at(-1)!.date),
  });
  const highs = series.map((line) =>
    t("{measure}: at most {count} a day.", {
      measure: line.label,
      count: formatNumber(Math.max(0, ...days.map((day) => day[line.measure]))),
    }),
  );
  return [period, ...highs].join(" ");
}

/**
 * A figure of one or two measures a day: a line chart drawn as plain SVG (on the server; no chart library), named
 * for screen readers, and beside it the same figures as a table (in a disclosure) for screen reader and keyboard users.
 */
export function AnalyticsChart({
  id,
  title,
  series,
  days,
}: {
  id: string;
  title: string;
  series: ChartSeries[];
  days: AnalyticsDay[];
}) {
  if (days.length === 0) return null;
  const { max, ticks, paths } = chartGeometry(series.map((line) => days.map((day) => day[line.measure])));
  return (
    <figure className={styles.figure} id={id}>
      <figcaption className={styles.caption}>{title}</figcaption>
      {series.length > 1 ? (
        <ul className={styles.legend}>
          {series.map((line, index) => (
            <li key={line.measure} className={styles.key}>
              <svg className={styles.swatch} viewBox="0 0 24 8" aria-hidden="true" focusable="false">
                <line x1="0" y1="4" x2="24" y2="4" className={lineClass[index]} />
              </svg>
              {line.label}
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.chart}>
        <ValueAxis max={max} ticks={ticks} />
        <svg
          className={styles.plot}
          role="img"
          aria-label={chartLabel(title, series, days)}
          viewBox={`0 0 ${plotWidth} ${plotHeight}`}
          preserveAspectRatio="none"
          focusable="false"
        >
          {ticks.map((tick) => (
            <line key={tick} x1="0" x2={plotWidth} y1={yOf(tick, max)} y2={yOf(tick, max)} className={styles.grid} />
          ))}
          {paths.map((path, index) => (
            <path
              key={series[index]!.measure}
              d={path}
              className={lineClass[index]}
              data-measure={series[index]!.measure}
            />
          ))}
        </svg>
        <div className={styles.dayAxis} aria-hidden="true">
          <span>{formatDay(days[0]!.date)}</span>
          {days.length > 1 ? <span>{formatDay(days.at(-1)!.date)}</span> : null}
        </div>
      </div>
      <details className={styles.figures}>
        <summary>{t("Show the figures as a table")}</summary>
        <table className={styles.table}>
          <caption>{t("{chart}, day by day", { chart: title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("Day")}</th>
              {series.map((line) => (
                <th key={line.measure} scope="col">
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">
                  <time dateTime={day.date}>{formatDay(day.date)}</time>
                </th>
                {series.map((line) => (
                  <td key={line.measure} data-measure={line.measure}>
                    {formatNumber(day[line.measure])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
