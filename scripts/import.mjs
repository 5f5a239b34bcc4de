#!/usr/bin/env node
// `npm run import`: builds if the sources changed (in a process of its own, so that the build's memory is not the
// import's), then runs the import command from the server bundle. package.json gives node the import's heap
// settings; bench/import.ts runs the same command line.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isBuildFresh, root } from "./build-lib.mjs";

if (!isBuildFresh()) {
  const built = spawnSync(process.execPath, [path.join(root, "scripts/build.mjs")], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
process.env.NODE_ENV ??= "production";
await import(pathToFileURL(path.join(root, "apps/server/dist/import.js")).href);
