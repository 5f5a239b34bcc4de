import { relativeTimeLimits } from "@parley/contracts/shell-limits";
import { currentLocale, t } from "./i18n.ts";

/** A date as the API gives it (ISO 8601), a timestamp in milliseconds, or a Date. */
export type DateInput = string | number | Date;

/** The fixed formats of spec §3 "Date display". */
export type DateType = "default" | "extended" | "compact" | "time";

const toTime = (date: DateInput) =>
  date instanceof Date ? date.getTime() : typeof date === "number" ? date : Date.parse(date);

/** The ISO form for `<time dateTime>`. */
export const toIsoDate = (date: DateInput) => new Date(toTime(date)).toISOString();

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(locale: string) {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: "always", style: "long" });
    relativeFormats.set(locale, format);
  }
  return format;
}

const bucket = relativeTimeLimits;
const DAY_SECONDS = 86_400;
const DAYS_PER_MONTH = 30.436875;
const DAYS_PER_YEAR = 365.2425;

/**
 * A date relative to `now` with the buckets of spec §9: 'just now' for 0–5 s, 'a few seconds ago' under
 * 45 s, then minutes below 45 min, hours below 22 h, days below 26 days, one month below 45 days,
 * months below 320 days, one year below 548 days, then years. The units are worded by
 * `Intl.RelativeTimeFormat` in the reader's locale ('3 hours ago'). A date after `now` is 'just now':
 * relative dates are of things that happened, and one a little ahead is the server's clock running ahead
 * of the reader's (a post just made must not say 'in a few seconds').
 */
export function relativeTime(date: DateInput, now: number, locale = currentLocale()): string {
  const seconds = Math.round(Math.max(0, now - toTime(date)) / 1000);
  const format = (value: number, unit: Intl.RelativeTimeFormatUnit) => relativeFormat(locale).format(-value, unit);

  if (seconds <= bucket.justNowSeconds) return t("just now");
  if (seconds < bucket.fewSecondsBelowSeconds) return t("a few seconds ago");
  const minutes = Math.round(seconds / 60);
  if (minutes < bucket.minutesUpToMinutes) return format(Math.max(1, minutes), "minute");
  const hours = Math.round(seconds / 3600);
  if (hours < bucket.hoursUpToHours) return format(Math.max(1, hours), "hour");
  const days = Math.round(seconds / DAY_SECONDS);
  if (days < bucket.daysUpToDays) return format(Math.max(1, days), "day");
  if (days < bucket.monthUpToDays) return format(1, "month");
  if (days < bucket.monthsUpToDays) return format(Math.max(2, Math.round(days / DAYS_PER_MONTH)), "month");
  if (days < bucket.yearUpToDays) return format(1, "year");
  return format(Math.max(2, Math.round(days / DAYS_PER_YEAR)), "year");
}

const fixedOptions: Record<DateType, Intl.DateTimeFormatOptions> = {
  default: { year: "numeric", month: "short", day: "numeric" },
  extended: { year: "numeric", month: "long", day: "numeric", weekday: "long", hour: "numeric", minute: "numeric" },
  compact: { year: "2-digit", month: "numeric", day: "numeric" },
  time: { hour: "numeric", minute: "numeric" },
};

export interface DateFormatOptions {
  /** An IANA zone ("Europe/Paris"); the runtime's own zone when left out. */
  timeZone?: string;
  /** By default the render's interface locale (`currentLocale()`). */
  locale?: string;
}

/**
 * Formatters made once per locale, zone and format: building an `Intl.DateTimeFormat` costs tens of
 * microseconds, and a discussion page formats two dates per comment (10% of a server render's CPU in a
 * profile). Few keys ever exist (the site's locales × the readers' zones); the map starts over past 64.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, type: DateType | "full", timeZone: string | undefined) {
  const key = `${locale}|${type}|${timeZone ?? ""}`;
  let format = dateFormats.get(key);
  if (!format) {
    const options = type === "full" ? { ...fixedOptions.extended, timeZoneName: "short" as const } : fixedOptions[type];
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    if (dateFormats.size >= 64) dateFormats.clear();
    dateFormats.set(key, format);
  }
  return format;
}

/** A fixed date: default 'Jan 5, 2024', extended 'Friday, January 5, 2024 at 3:04 PM', compact '1/5/24', time '3:04 PM'. */
export function formatDate(
  date: DateInput,
  type: DateType = "default",
  { timeZone, locale = currentLocale() }: DateFormatOptions = {},
) {
  return dateFormat(locale, type, timeZone).format(toTime(date));
}

/** The full date for a `<time>` title: the extended format with the zone's name. */
export function fullDate(date: DateInput, { timeZone, locale = currentLocale() }: DateFormatOptions = {}) {
  return dateFormat(locale, "full", timeZone).format(toTime(date));
}
