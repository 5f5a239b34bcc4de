import { defineConfig } from "vitest/config";

/** One `vitest run` for every suite: server (node), web (jsdom) and the browser tests. */
export default defineConfig({
  test: {
    projects: ["apps/server", "apps/web", "packages/contracts", "e2e"],
  },
});
