import { describe, expect, it } from "vitest";
import { addDays, daysIn, readPeriod, utcDay } from "./analytics.period.ts";

const today = "2026-12-04";
const read = (search: string) => readPeriod(new URLSearchParams(search), today);

describe("the analytics page's period", () => {
  it("counts days in UTC", () => {
    expect(utcDay(Date.parse("2026-12-04T23:59:59Z"))).toBe("2026-12-04");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(daysIn("2026-01-01", "2026-12-31")).toBe(365);
    expect(daysIn(today, today)).toBe(1);
  });

  it("is the last 30 days, today included, without a choice; the last 7, 90 or 365 days when chosen", () => {
    expect(read("")).toEqual({ choice: 30, from: "2026-11-05", to: today });
    expect(read("period=7")).toEqual({ choice: 7, from: "2026-11-28", to: today });
    expect(read("period=90&from=2026-01-01&to=2026-01-31")).toEqual({ choice: 90, from: "2026-09-06", to: today });
    expect(read("period=365")).toEqual({ choice: 365, from: "2025-12-05", to: today });
    expect(read("period=12")).toEqual({ choice: 30, from: "2026-11-05", to: today });
  });

  it("takes dates of one's own with Custom dates, or without a period", () => {
    expect(read("period=custom&from=2026-01-01&to=2026-01-31")).toEqual({
      choice: "custom",
      from: "2026-01-01",
      to: "2026-01-31",
    });
    expect(read("from=2026-02-01&to=2026-02-01")).toEqual({ choice: "custom", from: "2026-02-01", to: "2026-02-01" });
  });

  it("refuses dates that are missing, not days, in the wrong order or over 366 days", () => {
    expect(read("period=custom&from=2026-01-01&to=").problem).toBe("invalid");
    expect(read("period=custom&from=2026-02-30&to=2026-03-01").problem).toBe("invalid");
    expect(read("period=custom&from=2026-03-02&to=2026-03-01")).toMatchObject({ problem: "order" });
    expect(read("period=custom&from=2025-01-01&to=2026-01-02")).toMatchObject({ problem: "tooLong" });
    expect(read("period=custom&from=2025-01-01&to=2026-01-01").problem).toBeUndefined();
    expect(read("period=custom&from=2025-01-01&to=2025-12-31").problem).toBeUndefined();
    expect(read("period=custom&from=2024-01-01&to=2024-12-31").problem).toBeUndefined();
  });
});
