import { loadBuiltWeb } from "./pages/renderer.ts";
import { loadConfigOrExit, startServer } from "./server.ts";

/** `npm start`: the built web app, server-rendered, on the configured database. */
const config = loadConfigOrExit();
const web = await loadBuiltWeb(config.webDistDir);
await startServer(
  config,
  {
    renderer: async () => web.renderer,
    assets: async () => web.assets,
    clientDir: web.clientDir,
    guestCacheTtlMs: 10_000,
  },
  { contentSecurityPolicy: true, guestApiCacheTtlMs: 10_000 },
);
