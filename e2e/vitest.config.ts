import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

/** The browser tests: the built server on a real port, driven by Debian's Chromium. */
export default defineProject({
  test: {
    name: "e2e",
    // Globs are relative to the repository, so `--project e2e` and `--config e2e/vitest.config.ts` agree.
    dir: fileURLToPath(new URL("..", import.meta.url)),
    environment: "node",
    include: ["e2e/**/*.e2e.ts"],
    // Each file starts its own server (own port, data directory and outbox) and its own Chromium, so files
    // run side by side like the others (two at a time on a 2-core machine: vitest.config.ts).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for what the browser or the server does next. Vitest's 1 s default is shorter than one
    // request on a loaded CI machine (a sign-in POST took longer and failed a run); Playwright's own waits
    // allow 30 s.
    expect: { poll: { timeout: 15_000 } },
  },
});
