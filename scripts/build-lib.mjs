import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const stampFile = path.join(root, "apps/server/dist/.build-stamp");

const sources = ["apps/web/src", "apps/web/public", "apps/server/src", "packages/contracts/src"];
const files = ["apps/web/vite.config.ts", "package-lock.json", "scripts/build.mjs"];

function walk(dir, out) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (!entry.name.endsWith(".test.ts") && !entry.name.endsWith(".test.tsx")) out.push(full);
  }
}

/** Everything the build reads, each as `path:size:modification time`, sorted by path. */
export function sourceStats() {
  const list = [];
  for (const dir of sources) walk(path.join(root, dir), list);
  for (const file of files) list.push(path.join(root, file));
  const lines = [];
  for (const file of list.sort()) {
    if (!fs.existsSync(file)) continue;
    const stat = fs.statSync(file);
    lines.push(`${path.relative(root, file)}:${stat.size}:${stat.mtimeMs}`);
  }
  return lines;
}

/** A fingerprint of everything the build reads: paths, sizes and modification times. */
export function sourceFingerprint() {
  const hash = createHash("sha256");
  for (const line of sourceStats()) hash.update(`${line}\n`);
  return hash.digest("hex");
}

/**
 * Set by `npm test` once it has built: the tests it runs (the page tests, each browser file) then never build
 * again. A rebuild in the middle of a run rewrites `dist` under the servers that other tests are running, and a
 * chunk that one of them imports while it is missing fails for the rest of that process.
 */
export const builtForTestsVariable = "PARLEY_BUILT_FOR_TESTS";

export function isBuildFresh() {
  return fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === sourceFingerprint();
}
