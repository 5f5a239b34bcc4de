#!/usr/bin/env node
// Builds what `npm start` runs: the web client (hashed assets + manifest), the web SSR entry, and
// the server bundles (the server, the search reader's thread, the import command). `--if-needed` skips the work when the sources have not changed since.
import fs from "node:fs";
import path from "node:path";
import { builtForTestsVariable, isBuildFresh, root, sourceFingerprint, stampFile } from "./build-lib.mjs";

export async function build({ ifNeeded = false, quiet = false } = {}) {
  if (ifNeeded && (process.env[builtForTestsVariable] === "1" || isBuildFresh())) return false;
  const started = Date.now();
  const log = (line) => quiet || console.log(line);
  log("Building Parley (web client, server-side rendering, server)…");
  const fingerprint = sourceFingerprint();
  // Always a production build, whatever the caller's NODE_ENV (Vitest sets "test", which would make
  // the JSX transform emit development calls that production React lacks).
  const previousNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await buildAll(quiet);
  } finally {
    if (previousNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previousNodeEnv;
  }
  fs.writeFileSync(stampFile, fingerprint);
  log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

async function buildAll(quiet) {
  const { build: viteBuild } = await import("vite");
  const webRoot = path.join(root, "apps/web");
  const configFile = path.join(webRoot, "vite.config.ts");
  const logLevel = quiet ? "error" : "warn";
  await viteBuild({ root: webRoot, configFile, logLevel, mode: "production" });
  await viteBuild({ root: webRoot, configFile, logLevel, mode: "production", build: { ssr: "src/entry-server.tsx" } });
  await precompress(path.join(webRoot, "dist/client"));

  const esbuild = await import("esbuild");
  // The server's dependencies are bundled too (all but the native addon and pg's optional native
  // client): resolving and opening hundreds of files under node_modules was a third of the cold start.
  // The AWS SDK (1.4 MB) loads only with PARLEY_STORAGE=s3: read from node_modules then, not parsed by every start.
  const external = ["better-sqlite3", "pg-native", "vite", "@aws-sdk/client-s3"];
  // The server, and the SQLite search reader's thread (features/search/search.reader.ts loads it
  // from beside the server bundle).
  const bundles = [
    ["apps/server/src/main.ts", "apps/server/dist/main.js"],
    ["apps/server/src/features/search/search.worker.ts", "apps/server/dist/search-worker.js"],
    // `npm run import` (scripts/import.mjs): without tsx compiling the sources at each start, the import holds
    // about 100 MB less.
    ["apps/server/src/cli/import.ts", "apps/server/dist/import.js"],
  ];
  for (const [entry, out] of bundles) {
    const serverFile = path.join(root, out);
    await esbuild.build({
      entryPoints: [path.join(root, entry)],
      outfile: serverFile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      sourcemap: true,
      charset: "ascii",
      external,
      logLevel: quiet ? "error" : "warning",
      banner: {
        js: [
          "import { createRequire as __createRequire } from 'node:module';",
          "import { fileURLToPath as __fileURLToPath } from 'node:url';",
          "const require = __createRequire(import.meta.url);",
          "const __filename = __fileURLToPath(import.meta.url);",
          "const __dirname = __fileURLToPath(new URL('.', import.meta.url));",
        ].join(" "),
      },
    });
    // ASCII only: one non-ASCII character makes V8 hold the whole 6 MB source as a two-byte string (12 MB
    // of heap for the life of the process). `charset` escapes strings, identifiers and regexes; the
    // comments esbuild keeps are escaped here (inside a comment an escape is as good as the character).
    const source = fs.readFileSync(serverFile, "utf8");
    const ascii = source.replace(/[^\0-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
    if (ascii !== source) fs.writeFileSync(serverFile, ascii);
  }
}

/**
 * Brotli and gzip copies beside each compressible file of the web client (`main-….js.br`, `.gz`), at
 * the best settings, once per build: the server sends them to browsers that accept them
 * (`@fastify/static`'s `preCompressed`) without compressing anything per request.
 */
async function precompress(dir) {
  const zlib = await import("node:zlib");
  const { promisify } = await import("node:util");
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(js|mjs|css|svg|json|txt|html|xml|webmanifest)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`) && fs.statSync(file).size >= 1024);
  await Promise.all(
    files.map(async (file) => {
      const content = fs.readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: 9 }),
      ]);
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gz);
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await build({ ifNeeded: process.argv.includes("--if-needed") });
}
