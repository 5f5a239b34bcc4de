import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const src = path.resolve(import.meta.dirname, "..");

/**
 * A wait on a timer: a promise resolved by setTimeout, or a sleep helper. Tests move the app's clock
 * (`t.clock.advance`) or wait for an event (a stream's next event, `jobs.settled`); what another
 * connection or process does in its own time may be polled with `eventually` / `vi.waitFor`. A timer
 * that rejects or answers "timeout" (a deadline on a wait) is not a wait.
 */
const WAIT = /setTimeout\(\s*resolve\b|\bsleep\(/;

/** Waits allowed, each with its reason: keep this list short. */
const ALLOWED: Record<string, string> = {
  "platform/http/rate-limit.test.ts": "Redis ends a limiter's window by expiring its key on Redis's own clock",
};

const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith(".test.ts") || full.includes(`${path.sep}test${path.sep}`) ? [full] : [];
  });

describe("server tests", () => {
  it("never wait on a timer for time to pass", () => {
    const waits = testFiles(src).flatMap((file) => {
      const name = path.relative(src, file).split(path.sep).join("/");
      if (name === "suites/no-sleeps.test.ts" || ALLOWED[name]) return [];
      return readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) => (WAIT.test(line) ? [`${name}:${index + 1}: ${line.trim()}`] : []));
    });
    expect(waits, "move the test clock or wait for an event instead").toEqual([]);
  });

  it("allow a wait only where one is left", () => {
    for (const name of Object.keys(ALLOWED)) expect(readFileSync(path.join(src, name), "utf8"), name).toMatch(WAIT);
  });
});
