#!/usr/bin/env node
// Builds what `npm start` runs: the web client (hashed assets + manifest), the web SSR entry, and
// the server bundle. `--if-needed` skips the work when the sources have not changed since.
import fs from "node:fs";
import path from "node:path";
import { isBuildFresh, root, sourceFingerprint, stampFile } from "./build-lib.mjs";

export async function build({ ifNeeded = false, quiet = false } = {}) {
  if (ifNeeded && isBuildFresh()) return false;
  const started = Date.now();
  const log = (line) => quiet || console.log(line);
  log("Building Parley (web client, server-side rendering, server)…");
  const fingerprint = sourceFingerprint();
  const { build: viteBuild } = await import("vite");
  const webRoot = path.join(root, "apps/web");
  const configFile = path.join(webRoot, "vite.config.ts");
  const logLevel = quiet ? "error" : "warn";
  await viteBuild({ root: webRoot, configFile, logLevel });
  await viteBuild({ root: webRoot, configFile, logLevel, build: { ssr: "src/entry-server.tsx" } });

  const esbuild = await import("esbuild");
  const serverPackage = JSON.parse(fs.readFileSync(path.join(root, "apps/server/package.json"), "utf8"));
  const external = Object.keys(serverPackage.dependencies).filter((name) => !name.startsWith("@parley/"));
  await esbuild.build({
    entryPoints: [path.join(root, "apps/server/src/main.ts")],
    outfile: path.join(root, "apps/server/dist/main.js"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    external: [...external, "vite"],
    logLevel: quiet ? "error" : "warning",
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  fs.writeFileSync(stampFile, fingerprint);
  log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await build({ ifNeeded: process.argv.includes("--if-needed") });
}
