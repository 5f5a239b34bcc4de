#!/usr/bin/env node
// `npm test`: builds what the page and browser tests serve (when sources changed), then runs every
// suite (server, web, browser) once with Vitest, runs a failed browser file once more alone (below), and ends
// with one plain summary line.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "./build.mjs";
import { builtForTestsVariable, root, sourceStats } from "./build-lib.mjs";

await build({ ifNeeded: true });
// The tests below serve this build: none of them builds again (see build-lib.mjs), and a source that a test
// changes is named at the end.
process.env[builtForTestsVariable] = "1";
const sourcesBefore = new Set(sourceStats());

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: data-layer and route tests run on SQLite only.");
} else {
  console.log(
    `Data-layer and route tests run on SQLite and on PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host}).`,
  );
}

const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");

/** One `vitest run` with a JSON report beside the default output; the report, or null when none was written. */
function runVitest(extraArgs) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "parley-vitest-"));
  const report = path.join(directory, "report.json");
  const fileTimes = path.join(directory, "file-times.json");
  const result = spawnSync(
    process.execPath,
    [
      vitest,
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
      "--reporter=./scripts/file-times-reporter.mjs",
      ...extraArgs,
    ],
    { cwd: root, stdio: "inherit", env: { ...process.env, PARLEY_QUIET_SKIPS: "1", PARLEY_FILE_TIMES: fileTimes } },
  );
  const data = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, "utf8")) : null;
  const times = fs.existsSync(fileTimes) ? JSON.parse(fs.readFileSync(fileTimes, "utf8")) : [];
  return { status: result.status ?? 1, data, times };
}

const counts = (data) => ({
  passed: data.numPassedTests,
  failed: data.numFailedTests,
  skipped: (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0),
});
const failedFiles = (data) => data.testResults.filter((file) => file.status === "failed").map((file) => file.name);
const failedTests = (data) =>
  data.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === "failed")
      .map((test) => `${path.relative(root, file.name)} > ${test.fullName}`),
  );

const first = runVitest(process.argv.slice(2));
if (!first.data) {
  console.log("tests: no report was written");
  process.exit(first.status || 1);
}
const total = counts(first.data);
let status = first.status;

// A browser test drives a real Chromium against a real server on a shared 2-core machine; under that load a
// wait can run out where nothing is wrong (a click before a redirect lands). A failed browser file runs once
// more, alone, with a fresh server and browser: it passes only if every test of it passes, and the summary
// names what failed the first time, so a flaky test is seen and mended, not hidden. Anything else that failed
// (a server, web or contracts test, or more than a few browser files) fails the run at once.
const browserDirectory = path.join(root, "e2e") + path.sep;
const failed = failedFiles(first.data);
let flaky = [];
if (
  status !== 0 &&
  failed.length > 0 &&
  failed.length <= 3 &&
  failed.every((file) => file.startsWith(browserDirectory))
) {
  flaky = failedTests(first.data);
  console.log(`\nBrowser tests that failed, run again alone:\n  ${flaky.join("\n  ")}\n`);
  const again = runVitest(["--project", "e2e", ...failed.map((file) => path.relative(root, file))]);
  if (again.data && again.status === 0) {
    const before = first.data.testResults.filter((file) => failed.includes(file.name));
    const passedBefore = before.reduce(
      (sum, file) => sum + file.assertionResults.filter((test) => test.status === "passed").length,
      0,
    );
    total.passed += counts(again.data).passed - passedBefore;
    total.failed = 0;
    status = 0;
  } else {
    flaky = [];
  }
}

// Where the time went: each project's file time (two files run at once, so the sum is about twice the wall
// time), and the slowest files.
const times = first.times.toSorted((a, b) => b.ms - a.ms);
const byProject = new Map();
for (const file of times) byProject.set(file.project, [...(byProject.get(file.project) ?? []), file]);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const sum = (files) => files.reduce((total, file) => total + file.ms, 0);
console.log(
  `\nFile time by project: ${[...byProject].map(([name, files]) => `${name} ${seconds(sum(files))} (${files.length} files)`).join(", ")}`,
);
console.log(
  `The slowest files:\n${times
    .slice(0, 20)
    .map((file) => `  ${seconds(file.ms).padStart(8)}  ${path.relative(root, file.file)}`)
    .join("\n")}`,
);

const changed = sourceStats().filter((line) => !sourcesBefore.has(line));
if (changed.length) {
  console.log(
    `\nSources the build reads changed while the tests ran (a test must not write there):\n  ${changed.join("\n  ")}`,
  );
}

console.log(
  `tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped` +
    (flaky.length ? ` (${flaky.length} browser test(s) failed once and passed when their file ran again alone)` : ""),
);
process.exit(status);
