// @vitest-environment node
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../../", import.meta.url));

describe("apps/web/locales/en.json", () => {
  it('holds every t("…") string of the web app (npm run i18n:extract)', () => {
    let failure = "";
    try {
      execFileSync(process.execPath, ["scripts/extract-strings.mjs", "--check"], { cwd: root, stdio: "pipe" });
    } catch (error) {
      failure = String((error as { stderr?: Buffer }).stderr ?? error);
    }
    expect(failure).toBe("");
  });
});
