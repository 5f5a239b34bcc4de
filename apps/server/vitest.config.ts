import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    environment: "node",
    include: ["src/**/*.test.ts"],
    // Migrates once per run into template databases that every test database copies.
    globalSetup: ["src/test/global-setup.ts"],
    // A worker imports the app's modules once, not once per file (import was most of a small file's time).
    // Files share module state then: each closes what it opens, and nothing stubs globals past its own test.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
