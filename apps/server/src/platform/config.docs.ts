import path from "node:path";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { ENVIRONMENT, type Variable } from "./config.variables.ts";

/** docs/configuration.md, generated from the table the parser reads (`npm run docs:config`). */
export const CONFIGURATION_DOC = fileURLToPath(new URL("../../../../docs/configuration.md", import.meta.url));

const cell = (text: string): string => text.replaceAll("|", "\\|");

function defaultOf(variable: Variable): string {
  if (variable.default !== undefined) return `\`${variable.default}\``;
  return variable.defaultText ?? "—";
}

/** The page as `npm run docs:config` writes it: the table, formatted as Prettier would. */
export async function configurationDoc(): Promise<string> {
  const rows = Object.entries(ENVIRONMENT).map(
    ([name, variable]) => `| \`${name}\` | ${cell(defaultOf(variable))} | ${cell(variable.meaning)} |`,
  );
  const markdown = [
    "# Configuration",
    "",
    "<!-- Generated from apps/server/src/platform/config.variables.ts by `npm run docs:config`; do not edit. -->",
    "",
    "Everything is read from environment variables at start; a bad value stops the start with one line naming the",
    "variable. The server reads no variable missing from this table: the parser takes its names and defaults from",
    "the same table (`apps/server/src/platform/config.variables.ts`), and a test fails when this page is stale.",
    "",
    "| Variable | Default | Meaning |",
    "| --- | --- | --- |",
    ...rows,
    "",
    "Tests read `TEST_DATABASE_URL` (a PostgreSQL URL; each test file runs in a schema of its own, dropped after)",
    "and `TEST_REDIS_URL`. The API fuzz suite (`apps/server/src/api.fuzz.test.ts`) reads",
    "`PARLEY_FUZZ_SEED` and `PARLEY_FUZZ_REQUESTS` to replay or resize a run; the browser XSS suite reads",
    "`PARLEY_XSS_FULL=1` to take the whole corpus through its one-record pages ([security.md](security.md)).",
    "Where these settings matter in production: [deployment.md](deployment.md).",
    "",
  ].join("\n");
  const options = await resolveConfig(CONFIGURATION_DOC);
  return format(markdown, { ...options, filepath: path.basename(CONFIGURATION_DOC) });
}
