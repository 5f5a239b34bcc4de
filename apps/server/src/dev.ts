import path from "node:path";
import middie from "@fastify/middie";
import { loadConfigOrExit, startServer } from "./server.ts";
import type { WebRenderer } from "./pages/renderer.ts";

/**
 * `npm run dev`: the same server with Vite in middleware mode: hot reload in the browser and the
 * SSR entry reloaded from source on every request.
 */
const config = loadConfigOrExit();
const webRoot = path.resolve(import.meta.dirname, "../../web");
const { createServer } = await import("vite");
const vite = await createServer({
  root: webRoot,
  configFile: path.join(webRoot, "vite.config.ts"),
  server: { middlewareMode: true },
  appType: "custom",
});

await startServer(
  config,
  {
    setup: async (app) => {
      await app.register(middie);
      app.use(vite.middlewares);
    },
    renderer: async () => (await vite.ssrLoadModule("/src/entry-server.tsx")) as WebRenderer,
    assets: async (url) => {
      const html = await vite.transformIndexHtml(url, "<html><head></head><body></body></html>");
      const headHtml = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? "";
      return { scripts: ["/src/main.tsx"], styles: [], headHtml };
    },
    // Development always offers the right-to-left pseudo-locale.
    pseudoLocale: true,
  },
  { contentSecurityPolicy: false },
);
