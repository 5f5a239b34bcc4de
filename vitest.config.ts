import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/** One `vitest run` for every suite: server (node), web (jsdom) and the browser tests. */
export default defineConfig({
  test: {
    projects: ["apps/server", "apps/web", "packages/contracts", "e2e"],
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, where the server
    // tests mostly wait on PostgreSQL, SQLite and HTTP. Two keep both cores busy. (The browser tests run
    // one file at a time after the rest: e2e/vitest.config.ts.)
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
