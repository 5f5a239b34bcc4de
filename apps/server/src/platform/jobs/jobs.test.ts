import { afterEach, describe, expect, it, vi } from "vitest";
import { createJobs } from "./jobs.ts";

describe("jobs", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs a job at start and then every interval, never two runs of it at once, and stops on close", async () => {
    vi.useFakeTimers();
    const jobs = createJobs(() => undefined);
    let runs = 0;
    let running = 0;
    let overlapped = false;
    // Each run lasts until the test ends it.
    const inProgress: Array<() => void> = [];
    const endRun = async () => {
      inProgress.shift()!();
      await vi.advanceTimersByTimeAsync(0);
    };
    jobs.register(
      "tick",
      async () => {
        running += 1;
        if (running > 1) overlapped = true;
        runs += 1;
        await new Promise<void>((resolve) => inProgress.push(resolve));
        running -= 1;
      },
      { everyMs: 1000 },
    );
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(0); // not started
    jobs.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBe(1);
    const asked = jobs.runNow("tick");
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(1); // the asked run waits for the one in progress; no tick comes meanwhile
    await endRun();
    expect(runs).toBe(2);
    await endRun();
    await asked;
    for (const expected of [3, 4]) {
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toBe(expected);
      await endRun();
    }
    expect(overlapped).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(5);
    const closing = jobs.close();
    await endRun();
    await closing;
    const after = runs;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(after);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("wakes a job sooner than its next tick, and reports a failing run without stopping the timer", async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const jobs = createJobs((error) => errors.push(error));
    const times: number[] = [];
    const start = Date.now();
    jobs.register(
      "publish",
      async () => {
        times.push(Date.now() - start);
        if (times.length === 1) throw new Error("first run fails");
      },
      { everyMs: 60_000 },
    );
    jobs.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(errors).toHaveLength(1);
    jobs.wakeAt("publish", new Date(start + 3000));
    await vi.advanceTimersByTimeAsync(3100);
    expect(times).toHaveLength(2);
    expect(times[1]).toBeGreaterThanOrEqual(3000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(times).toHaveLength(3);
    await jobs.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
