/**
 * When digests go: weekly on `dayOfWeek` (ISO: 1 Monday … 7 Sunday) at `hour` o'clock in the site's time zone,
 * daylight saving time included. Pure functions of the clock's time, so every process agrees on a digest's date.
 */
export interface DigestSchedule {
  dayOfWeek: number;
  hour: number;
  timeZone: string;
}

const DAY_MS = 86_400_000;

/** The local calendar date and the offset from UTC (ms) of an instant in a time zone. */
function localParts(ms: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<"year" | "month" | "day" | "hour" | "minute", number>;
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return { year: parts.year, month: parts.month - 1, day: parts.day, offset: asUtc - Math.floor(ms / 60_000) * 60_000 };
}

/** The instant of a local date's hour in the zone (the month and day may overflow, as with Date.UTC). */
function instantAt(timeZone: string, year: number, month: number, day: number, hour: number): number {
  const guess = Date.UTC(year, month, day, hour);
  const first = guess - localParts(guess, timeZone).offset;
  return guess - localParts(first, timeZone).offset;
}

/** ISO weekday (1 Monday … 7 Sunday) of a local calendar date. */
const isoWeekday = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day)).getUTCDay() || 7;

/** The scheduled instants from a week before `now` to two weeks after, in order. */
function around(now: number, schedule: DigestSchedule): number[] {
  const today = localParts(now, schedule.timeZone);
  const out: number[] = [];
  for (let offset = -8; offset <= 15; offset += 1) {
    if (isoWeekday(today.year, today.month, today.day + offset) !== schedule.dayOfWeek) continue;
    out.push(instantAt(schedule.timeZone, today.year, today.month, today.day + offset, schedule.hour));
  }
  return out;
}

/** The latest digest date at or before `now`. */
export function latestDigestDate(now: Date, schedule: DigestSchedule): Date {
  const past = around(now.getTime(), schedule).filter((at) => at <= now.getTime());
  return new Date(past.at(-1) ?? now.getTime() - 7 * DAY_MS);
}

/** The next `count` digest dates after `now`. */
export function upcomingDigestDates(now: Date, schedule: DigestSchedule, count: number): Date[] {
  const next = around(now.getTime(), schedule).find((at) => at > now.getTime()) ?? now.getTime() + DAY_MS;
  const first = localParts(next, schedule.timeZone);
  return Array.from(
    { length: count },
    (_, week) => new Date(instantAt(schedule.timeZone, first.year, first.month, first.day + 7 * week, schedule.hour)),
  );
}

/** What a digest covers: the week before its date. */
export const digestWindowStart = (dateScheduled: Date) => new Date(dateScheduled.getTime() - 7 * DAY_MS);
