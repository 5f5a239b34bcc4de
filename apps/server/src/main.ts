import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runPrimary } from "./cluster.ts";
import { loadBuiltWeb } from "./pages/renderer.ts";
import { loadConfigOrExit, startServer } from "./server.ts";

/** `npm start`: the built web app, server-rendered, on the configured database. */
const config = loadConfigOrExit();

if (config.workers > 1 && cluster.isPrimary) await runPrimary(config, fileURLToPath(import.meta.url));
else await serve();

async function serve(): Promise<void> {
  // The server-side rendering bundle (the web app with React, React Router and their dependencies,
  // read and linked from node_modules: ≈ 0.3 s of CPU, a third of the start) is imported once the
  // server listens: /healthz and the API never need it, and a page asked for meanwhile waits for it.
  let web: ReturnType<typeof loadBuiltWeb> | null = null;
  const builtWeb = () => (web ??= loadBuiltWeb(config.webDistDir));

  await startServer(
    config,
    {
      renderer: async () => (await builtWeb()).renderer,
      assets: async () => (await builtWeb()).assets,
      clientDir: path.join(config.webDistDir, "client"),
      guestCacheTtlMs: 10_000,
      pseudoLocale: config.pseudoLocale,
    },
    { contentSecurityPolicy: true, guestApiCacheTtlMs: 10_000, readCacheTtlMs: 10_000 },
  );

  // A missing or broken build still stops the process, as it did when this ran before listening.
  builtWeb().catch((error: unknown) => {
    console.error(`Parley cannot serve pages: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
