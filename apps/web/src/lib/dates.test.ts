import { describe, expect, it } from "vitest";
import { formatDate, fullDate, relativeTime, toIsoDate } from "./dates.ts";

const now = Date.parse("2024-06-15T12:00:00Z");
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => relativeTime(new Date(now - ms).toISOString(), now);

describe("relativeTime buckets (spec §9)", () => {
  it("says 'just now' for 0 to 5 seconds", () => {
    expect(ago(0)).toBe("just now");
    expect(ago(5 * SECOND)).toBe("just now");
    expect(relativeTime(now + 3 * SECOND, now)).toBe("just now");
  });

  it("says 'a few seconds' under 45 s", () => {
    expect(ago(6 * SECOND)).toBe("a few seconds ago");
    expect(ago(44 * SECOND)).toBe("a few seconds ago");
  });

  it("counts minutes up to 45 min", () => {
    expect(ago(45 * SECOND)).toBe("1 minute ago");
    expect(ago(89 * SECOND)).toBe("1 minute ago");
    expect(ago(90 * SECOND)).toBe("2 minutes ago");
    expect(ago(44 * MINUTE)).toBe("44 minutes ago");
    expect(ago(45 * MINUTE)).toBe("1 hour ago");
  });

  it("counts hours up to 22 h", () => {
    expect(ago(3 * HOUR)).toBe("3 hours ago");
    expect(ago(21 * HOUR)).toBe("21 hours ago");
    expect(ago(22 * HOUR)).toBe("1 day ago");
  });

  it("counts days up to 26 days, then 'a month' up to 45 days", () => {
    expect(ago(2 * DAY)).toBe("2 days ago");
    expect(ago(25 * DAY)).toBe("25 days ago");
    expect(ago(26 * DAY)).toBe("1 month ago");
    expect(ago(44 * DAY)).toBe("1 month ago");
  });

  it("counts months up to 320 days, then 'a year' up to 548 days, then years", () => {
    expect(ago(45 * DAY)).toBe("2 months ago");
    expect(ago(100 * DAY)).toBe("3 months ago");
    expect(ago(319 * DAY)).toBe("10 months ago");
    expect(ago(320 * DAY)).toBe("1 year ago");
    expect(ago(547 * DAY)).toBe("1 year ago");
    expect(ago(548 * DAY)).toBe("2 years ago");
    expect(ago(3650 * DAY)).toBe("10 years ago");
  });

  it("says 'just now' for a date ahead of the clock, never 'in …' (the server's clock running ahead)", () => {
    expect(relativeTime(now + 1 * SECOND, now)).toBe("just now");
    expect(relativeTime(now + 30 * SECOND, now)).toBe("just now");
    expect(relativeTime(now + 3 * HOUR, now)).toBe("just now");
    expect(relativeTime(now + 2 * DAY, now)).toBe("just now");
  });

  it("uses the locale's words", () => {
    expect(relativeTime(now - 3 * HOUR, now, "fr")).toBe("il y a 3 heures");
  });
});

describe("formatDate", () => {
  const date = "2024-01-05T15:04:00Z";
  it("has the four fixed types", () => {
    expect(formatDate(date, "default", { timeZone: "UTC" })).toBe("Jan 5, 2024");
    expect(formatDate(date, "extended", { timeZone: "UTC" })).toBe("Friday, January 5, 2024 at 3:04 PM");
    expect(formatDate(date, "compact", { timeZone: "UTC" })).toBe("1/5/24");
    expect(formatDate(date, "time", { timeZone: "UTC" })).toBe("3:04 PM");
  });

  it("follows the time zone", () => {
    expect(formatDate(date, "time", { timeZone: "Asia/Tokyo" })).toBe("12:04 AM");
    expect(formatDate(date, "default", { timeZone: "Asia/Tokyo" })).toBe("Jan 6, 2024");
  });

  it("accepts timestamps and Dates", () => {
    expect(formatDate(Date.parse(date), "default", { timeZone: "UTC" })).toBe("Jan 5, 2024");
    expect(formatDate(new Date(date), "default", { timeZone: "UTC" })).toBe("Jan 5, 2024");
  });
});

describe("fullDate and toIsoDate", () => {
  it("gives the full date with the zone", () => {
    expect(fullDate("2024-01-05T15:04:00Z", { timeZone: "UTC" })).toBe("Friday, January 5, 2024 at 3:04 PM UTC");
  });

  it("gives the ISO form", () => {
    expect(toIsoDate("2024-01-05T15:04:00+00:00")).toBe("2024-01-05T15:04:00.000Z");
    expect(toIsoDate(0)).toBe("1970-01-01T00:00:00.000Z");
  });
});
