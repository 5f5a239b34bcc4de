import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/** One `vitest run` for every suite: server (node), web (jsdom) and the browser tests. */
export default defineConfig({
  test: {
    projects: ["apps/server", "apps/web", "packages/contracts", "e2e"],
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, where the server
    // tests mostly wait on PostgreSQL, SQLite and HTTP. Two keep both cores busy; the browser tests too, two
    // files at a time, each with its own server and Chromium (e2e/vitest.config.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
