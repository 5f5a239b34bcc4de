import { describe, expect, it } from "vitest";
import { restartDelay } from "./cluster.ts";

describe("PARLEY_WORKERS' restarts", () => {
  it("starts a worker again at once after a steady run, then waits twice as long after each quick death, up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(restartDelay)).toEqual([
      0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});
