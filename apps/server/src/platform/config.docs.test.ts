import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIGURATION_DOC, configurationDoc } from "./config.docs.ts";

describe("docs/configuration.md", () => {
  it("is what `npm run docs:config` writes from the table the parser reads", async () => {
    const committed = readFileSync(CONFIGURATION_DOC, "utf8");
    const generated = await configurationDoc();
    // One line per variable: the name of a stale row says what changed.
    expect(committed.split("\n"), "docs/configuration.md is stale: run `npm run docs:config`").toEqual(
      generated.split("\n"),
    );
  });
});
