import { ANALYTICS_DAY, analyticsLimits, analyticsPeriods } from "@parley/contracts/analytics-constants";

/** A period the dashboard offers (days ending today), or dates of one's own. */
type PeriodChoice = (typeof analyticsPeriods)[number] | "custom";

/** The period the page shows: its choice and its days (both ends included, UTC), or why the dates were refused. */
export interface AnalyticsPeriod {
  choice: PeriodChoice;
  from: string;
  to: string;
  /** Set when the custom dates cannot be shown (the form says why; nothing is asked of the API). */
  problem?: "invalid" | "order" | "tooLong" | "refused";
  /** The API's reason, when it refused the period. */
  message?: string;
}

/** The period shown without a choice: the last 30 days. */
const defaultPeriod = 30;

const dayMs = 86_400_000;
const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Today (UTC) as `YYYY-MM-DD`. */
export const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/** The day `count` days after `day` (before it when negative). */
export const addDays = (day: string, count: number) => utcDay(dayTime(day) + count * dayMs);

/** How many days a period covers, both ends included. */
export const daysIn = (from: string, to: string) => Math.round((dayTime(to) - dayTime(from)) / dayMs) + 1;

/** A real day written `YYYY-MM-DD` (not 2026-02-31). */
const isDay = (value: string | null): value is string =>
  value !== null && ANALYTICS_DAY.test(value) && utcDay(dayTime(value)) === value;

/** The last `days` days, today included. */
const lastDays = (days: number, today: string) => ({ from: addDays(today, 1 - days), to: today });

/**
 * The period of the page's address: `?period=7|30|90|365` (the last days, today included), or `?period=custom`
 * with `from` and `to` (at most 366 days, from ≤ to); the last 30 days without either. Dates without a period are
 * dates of one's own too (a link to a period).
 */
export function readPeriod(search: URLSearchParams, today: string): AnalyticsPeriod {
  const raw = search.get("period");
  const offered = analyticsPeriods.find((days) => String(days) === raw);
  if (offered) return { choice: offered, ...lastDays(offered, today) };
  const from = search.get("from");
  const to = search.get("to");
  if (raw !== "custom" && (raw !== null || (!from && !to))) {
    return { choice: defaultPeriod, ...lastDays(defaultPeriod, today) };
  }
  if (!isDay(from) || !isDay(to)) return { choice: "custom", from: from ?? "", to: to ?? "", problem: "invalid" };
  if (from > to) return { choice: "custom", from, to, problem: "order" };
  if (daysIn(from, to) > analyticsLimits.rangeMaxDays) return { choice: "custom", from, to, problem: "tooLong" };
  return { choice: "custom", from, to };
}
