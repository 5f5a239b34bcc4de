#!/usr/bin/env node
/**
 * Extracts every translatable string of the web app — the English sentence in each `t("…")` call —
 * into apps/web/locales/en.json, the template translators copy for a new locale.
 * `node scripts/extract-strings.mjs --check` exits 1 when the file is out of date (run by the tests).
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The web app, and the contracts whose sentences it shows through `t(…)` (marked `msg("…")` there). */
const sourceDirs = [join(root, "apps/web/src"), join(root, "packages/contracts/src")];
const target = join(root, "apps/web/locales/en.json");

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

/**
 * `t("…")` or `t('…')` with a literal first argument, and `msg("…")`, which marks a sentence kept in a list for a
 * later `t(option.label)`; escapes are decoded as JavaScript would.
 */
const CALL = /(?<![\w$.])(?:t|msg)\(\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/g;

export function extract() {
  const keys = new Set();
  for (const file of sourceDirs.flatMap((dir) => [...sourceFiles(dir)])) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(CALL)) {
      const literal = match[1];
      const body = literal.slice(1, -1);
      keys.add(JSON.parse(`"${literal[0] === "'" ? body.replace(/\\'/g, "'").replace(/"/g, '\\"') : body}"`));
    }
  }
  const sorted = [...keys].sort((a, b) => a.localeCompare(b, "en"));
  return JSON.stringify(Object.fromEntries(sorted.map((key) => [key, key])), null, 2) + "\n";
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const next = extract();
  const current = existsSync(target) ? readFileSync(target, "utf8") : "";
  if (process.argv.includes("--check")) {
    if (current !== next) {
      console.error("apps/web/locales/en.json is out of date: run `npm run i18n:extract`.");
      process.exit(1);
    }
  } else {
    writeFileSync(target, next);
    console.log(`apps/web/locales/en.json: ${Object.keys(JSON.parse(next)).length} strings`);
  }
}
