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
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
