// A Vitest reporter that writes each test file's times (its whole run with hooks, plus import and setup) to the
// JSON file named by PARLEY_FILE_TIMES; `npm test` (scripts/test.mjs) prints the slowest from it, so a CI log
// says where its time went. Vitest's JSON report times only the tests, not a file's hooks (a browser file's
// server start).
import fs from "node:fs";

// eslint-disable-next-line no-restricted-syntax -- Vitest loads a reporter file by its default export.
export default class FileTimesReporter {
  files = [];

  onTestModuleEnd(testModule) {
    const diagnostic = testModule.diagnostic();
    this.files.push({
      file: testModule.moduleId,
      project: testModule.project.name,
      // The tests and their hooks, then what came before them: importing the file, the environment and setup files.
      ms: Math.round(
        diagnostic.duration + diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.prepareDuration,
      ),
    });
  }

  onTestRunEnd() {
    const target = process.env.PARLEY_FILE_TIMES;
    if (target) fs.writeFileSync(target, JSON.stringify(this.files));
  }
}
