import { describe, expect, it } from "vitest";
import { nowIso, toRfc3339 } from "./dates.ts";

describe("toRfc3339", () => {
  it("writes any date as Vanilla does: seconds and a numeric offset, in UTC", () => {
    expect(toRfc3339("2025-09-11T13:30:07.123Z")).toBe("2025-09-11T13:30:07+00:00");
    expect(toRfc3339(new Date(Date.UTC(2025, 8, 11, 13, 30, 7, 999)))).toBe("2025-09-11T13:30:07+00:00");
    // Other forms are read as dates first.
    expect(toRfc3339("2025-09-11T15:30:07+02:00")).toBe("2025-09-11T13:30:07+00:00");
    expect(toRfc3339("2025-09-11 13:30:07Z")).toBe("2025-09-11T13:30:07+00:00");
    const now = nowIso();
    expect(toRfc3339(now)).toBe(toRfc3339(new Date(now)));
  });
});
