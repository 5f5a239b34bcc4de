#!/usr/bin/env node
// `npm test`: builds what the page and browser tests serve (when sources changed), then runs every
// suite (server, web, browser) once with Vitest, and ends with one plain summary line.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "./build.mjs";
import { root } from "./build-lib.mjs";

await build({ ifNeeded: true });

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: data-layer and route tests run on SQLite only.");
} else {
  console.log(
    `Data-layer and route tests run on SQLite and on PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host}).`,
  );
}

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parley-vitest-")), "report.json");
const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
const args = [
  vitest,
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const result = spawnSync(process.execPath, args, {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, PARLEY_QUIET_SKIPS: "1" },
});

let summary = "tests: no report was written";
if (fs.existsSync(report)) {
  const data = JSON.parse(fs.readFileSync(report, "utf8"));
  const skipped = (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0);
  summary = `tests: ${data.numPassedTests} passed, ${data.numFailedTests} failed, ${skipped} skipped`;
}
console.log(summary);
process.exit(result.status ?? 1);
