import { describe, expect, it } from "vitest";
import { createTestClock } from "./clock.ts";

describe("the test clock", () => {
  it("runs with the machine's time and moves forward when told, never back", () => {
    const clock = createTestClock();
    const before = Date.now();
    expect(clock.nowMs()).toBeGreaterThanOrEqual(before);
    clock.advance(3_600_000);
    expect(clock.nowMs() - Date.now()).toBeGreaterThanOrEqual(3_600_000 - 5);
    clock.set("2100-01-01T00:00:00.000Z");
    expect(clock.nowIso().slice(0, 10)).toBe("2100-01-01");
    expect(clock.now().getUTCFullYear()).toBe(2100);
    expect(() => clock.set("2000-01-01T00:00:00.000Z")).toThrow("only moves forward");
    expect(() => clock.advance(-1)).toThrow("only moves forward");
  });

  it("runs the timers a move passes, in their order, and only those", () => {
    const clock = createTestClock();
    const ran: string[] = [];
    clock.setTimer(() => ran.push("hour"), 3_600_000);
    clock.setTimer(() => ran.push("minute"), 60_000);
    const cancelled = clock.setTimer(() => ran.push("cancelled"), 30_000);
    clock.setTimer(() => ran.push("day"), 86_400_000);
    cancelled.cancel();
    clock.advance(2 * 3_600_000);
    expect(ran).toEqual(["minute", "hour"]);
    clock.advance(86_400_000);
    expect(ran).toEqual(["minute", "hour", "day"]);
  });
});
