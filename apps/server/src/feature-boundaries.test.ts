import path from "node:path";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

/*
 * The lint rule of eslint.config.js that keeps features apart: another feature is imported through its
 * index.ts only (web and server). Only that rule runs here (the type-checked config takes seconds to load).
 */
const root = path.resolve(import.meta.dirname, "../../..");
const config = (await import(path.join(root, "eslint.config.js"))) as {
  featureBoundaries: Linter.Config;
  noCycles: Linter.Config;
};

const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, config.featureBoundaries],
});

const cycles = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, config.noCycles],
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe("feature boundaries", () => {
  it("fails a web feature that reaches into another feature's files", async () => {
    const errors = await boundaryErrors(
      "apps/web/src/features/groups/pages/GroupsPage.tsx",
      'import { discussionKeys } from "../../discussions/discussions.queries.ts";\nexport const keys = discussionKeys;\n',
    );
    expect(errors).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Import features\/discussions through its index\.ts/),
    ]);
  });

  it("fails a deep import from the shell and a dynamic one from the router", async () => {
    expect(
      await boundaryErrors(
        "apps/web/src/shell/MeBox.tsx",
        'import { meQuery } from "../features/users/users.queries.ts";\nvoid meQuery;\n',
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "apps/web/src/router.tsx",
        'export const load = () => import("./features/log/log.routes.tsx");\n',
      ),
    ).toHaveLength(1);
  });

  it("fails a server feature that imports another feature's service", async () => {
    const errors = await boundaryErrors(
      "apps/server/src/features/comments/comments.service.ts",
      'import { createSearchEngine } from "../search/search.engine.ts";\nexport const engine = createSearchEngine;\n',
    );
    expect(errors).toHaveLength(1);
  });

  it("lets another feature's index.ts through, and a feature's own files (its tests included)", async () => {
    expect(
      await boundaryErrors(
        "apps/web/src/features/groups/pages/GroupsPage.tsx",
        'import { discussionKeys } from "../../discussions/index.ts";\nexport const keys = discussionKeys;\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        "apps/web/src/features/discussions/pages/DiscussionsPage.test.tsx",
        'import { discussionKeys } from "../discussions.queries.ts";\nexport const keys = discussionKeys;\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        "apps/server/src/features/comments/comments.service.ts",
        'import { createSearchEngine } from "../search/index.ts";\nexport const engine = createSearchEngine;\n',
      ),
    ).toEqual([]);
  });

  it("fails an import cycle through files on disk, parsed as TypeScript (app.ts imports the comments index)", async () => {
    const [result] = await cycles.lintText('import { buildApp } from "../../app.ts";\nexport const app = buildApp;\n', {
      filePath: path.join(root, "apps/server/src/features/comments/index.ts"),
    });
    expect(result!.messages.map((message) => message.ruleId)).toEqual(["import-x/no-cycle"]);
    const [clean] = await cycles.lintText(
      'import { systemClock } from "../../platform/clock.ts";\nvoid systemClock;\n',
      {
        filePath: path.join(root, "apps/server/src/features/comments/index.ts"),
      },
    );
    expect(clean!.messages).toEqual([]);
  });
});
