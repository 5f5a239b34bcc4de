import { describe, expect, it } from "vitest";
import { scheduledInstant } from "./drafts.routes.tsx";

describe("scheduledInstant", () => {
  it("reads a datetime-local value in the browser's zone (its getTimezoneOffset), UTC without one", () => {
    expect(scheduledInstant("2030-05-01T09:30", "0")).toBe("2030-05-01T09:30:00.000Z");
    // UTC+2 (offset -120): 09:30 there is 07:30 UTC.
    expect(scheduledInstant("2030-05-01T09:30", "-120")).toBe("2030-05-01T07:30:00.000Z");
    // UTC-5 (offset 300).
    expect(scheduledInstant("2030-05-01T09:30:15", "300")).toBe("2030-05-01T14:30:15.000Z");
    expect(scheduledInstant("2030-05-01T09:30", "nonsense")).toBe("2030-05-01T09:30:00.000Z");
  });

  it("refuses what is not a date and time", () => {
    expect(scheduledInstant("", "0")).toBeNull();
    expect(scheduledInstant("tomorrow", "0")).toBeNull();
    expect(scheduledInstant("2030-05-01", "0")).toBeNull();
  });
});
