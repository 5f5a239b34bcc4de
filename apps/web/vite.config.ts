import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { onePath } from "./src/ui/icons/one-path.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * React Router's package exports only its development build (the same code with its console warnings on);
 * the production build beside it drops them. The browser gets the production one: about 0.6 kB less gzipped
 * JavaScript on every page. Both entry points resolve to the same directory, so they share one copy of the
 * router and its contexts.
 */
const routerDist = path.join(path.dirname(createRequire(import.meta.url).resolve("react-router")), "..", "production");
const productionRouter = [
  { find: /^react-router$/, replacement: path.join(routerDist, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(routerDist, "dom-export.mjs") },
];

/** Every module but the boot script's (src/boot.ts and what it imports). */
const notBoot = (id: string) => !/\/src\/(boot|lib\/hydrate-on-intent)\.ts$/.test(id);

/**
 * Vite wraps every dynamic `import()` in its preload helper, which loads the chunk's CSS and preloads its
 * imports first, and reports a failure as a `vite:preloadError` event. Here there is nothing to preload: one
 * stylesheet for the whole app (`cssCodeSplit: false`) and no preload lists (`modulePreload: false`), so the
 * helper would only ever call the import, and the event has no listener. It is replaced by that call: about
 * 0.5 kB gzipped less on every page (issue 26). A failed import still rejects as it did.
 */
const noPreloadHelper: Plugin = {
  name: "parley:no-preload-helper",
  enforce: "pre",
  apply: "build",
  load: (id) => (id === "\0vite/preload-helper.js" ? "export const __vitePreload = (load) => load();" : undefined),
};

/**
 * The call sites of that helper go too: each `__vitePreload(() => import("…"), __VITE_PRELOAD__)` (with or without
 * a `.then` on the import) becomes `(() => import("…"))()`, which the minifier reduces to the import. About 70
 * bytes gzipped less on every page (the entry has some 60 on-demand imports); the helper is then unused.
 */
const noPreloadCalls: Plugin = {
  name: "parley:no-preload-calls",
  apply: "build",
  renderChunk: {
    order: "post",
    handler: (code) =>
      code.includes("__vitePreload(")
        ? { code: code.replaceAll("__vitePreload(", "(").replaceAll(", __VITE_PRELOAD__)", ")()"), map: null }
        : null,
  },
};

/**
 * Lucide's per-icon modules (lucide-react/icons/*) make their React component as they load and read their data
 * once (`__iconData.node;`), which keeps every imported icon and lucide-react's component runtime (1.3 kB
 * gzipped) in the bundle. The app draws the icons from their data alone (ui/icons/icons.tsx): marked pure and
 * without the read, an icon's module keeps only what a chunk uses; and of the data only the drawing (not the
 * name, size or React keys the renderer does without), as the reader pages' budget has no bytes to spare.
 * The drawing is one path (`onePath`): a discussion page's ≈ 130 icons were ≈ 480 elements to render on the
 * server and hydrate, ≈ 130 now; done here, the browser carries no code for it.
 */
const lucideIconData: Plugin = {
  name: "parley:lucide-icon-data",
  apply: "build",
  async transform(code, id) {
    if (!/lucide-react\/dist\/esm\/icons\/[^/]+\.mjs$/.test(id)) return undefined;
    const { __iconData } = (await import(pathToFileURL(id).href)) as {
      __iconData: { node: ReadonlyArray<readonly [string, Record<string, string>]> };
    };
    // One path already (written on one line), or shapes one path cannot draw: as it is.
    const single = __iconData.node.length === 1 && __iconData.node[0]![0] === "path";
    const d = single ? null : onePath(__iconData.node);
    const drawing = d === null ? null : `node: [["path", { d: ${JSON.stringify(d)} }]]`;
    const shapes = /node: \[\n[\s\S]*?\n {2}\]/;
    if (drawing !== null && !shapes.test(code)) throw new Error(`${id}: Lucide's icon data is not where it was.`);
    return {
      code: (drawing === null ? code : code.replace(shapes, drawing))
        .replace(/^__iconData\.node;$/m, "")
        .replace(/= createLucideIcon\(/, "= /* @__PURE__ */ createLucideIcon(")
        .replace(/name: "[^"]*",\s*size: 24,\s*/, "")
        .replace(/,\s*key: "[^"]*"/g, ""),
      map: null,
    };
  },
};

/**
 * Two builds from one config: the client (`vite build`: hashed assets + manifest.json, entry
 * src/main.tsx, no index.html: the server writes the document) and the SSR entry
 * (`vite build --ssr src/entry-server.tsx`).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react(), noPreloadHelper, noPreloadCalls, lucideIconData],
  resolve: isSsrBuild ? {} : { alias: productionRouter },
  css: {
    modules: { localsConvention: "camelCaseOnly", generateScopedName: "[local]_[hash:base64:5]" },
  },
  build: isSsrBuild
    ? { outDir: "dist/server", emptyOutDir: true, target: "node20", copyPublicDir: false }
    : {
        outDir: "dist/client",
        emptyOutDir: true,
        manifest: true,
        target: "es2022",
        // The on-demand chunks are small and mostly import the entry's chunk: no preload lists.
        modulePreload: false,
        // One stylesheet for the whole app, linked by every page: pages whose code loads with their route
        // (`lazy`) are styled before hydration and without JavaScript, and a page costs one CSS request
        // (cached across the site) instead of one per chunk (about 40). Not part of the JavaScript budget.
        cssCodeSplit: false,
        rollupOptions: {
          // The app, and the boot script of guests' reading pages that loads it on intent.
          input: { main: "src/main.tsx", boot: "src/boot.ts" },
          // Everything the entry imports statically is needed by every page: one chunk (compresses
          // better than the many small shared chunks the on-demand imports would otherwise cut off).
          // The boot script stays apart: it is all a guest's reading page loads before intent.
          output: { codeSplitting: { groups: [{ name: "initial", tags: ["$initial"], test: notBoot }] } },
        },
      },
  // Lucide's icons are bundled on the server too, so that they go through `lucideIconData` as the browser's do:
  // the server's markup and the hydrating browser's must draw the same paths.
  ssr: { noExternal: ["@parley/contracts", "lucide-react"] },
}));
