import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Lists every chunk's stylesheet under the entry, so the server links them all in the first HTML:
 * pages whose code loads with their route (`lazy`) are styled before hydration and without JavaScript.
 * CSS is not part of the reader pages' JavaScript budget; the scripts still load on demand.
 */
function allStylesWithEntry(): Plugin {
  return {
    name: "parley:all-styles-with-entry",
    apply: "build",
    generateBundle: {
      order: "pre",
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith("/src/main.tsx"));
        const entryCss = entry?.viteMetadata?.importedCss;
        if (!entryCss) return;
        for (const chunk of chunks) {
          if (chunk === entry) continue;
          const importedCss = chunk.viteMetadata?.importedCss;
          if (!importedCss) continue;
          // Linked by the page already: the on-demand imports need not fetch it.
          for (const css of importedCss) entryCss.add(css);
          importedCss.clear();
        }
      },
    },
  };
}

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
 * Two builds from one config: the client (`vite build`: hashed assets + manifest.json, entry
 * src/main.tsx, no index.html: the server writes the document) and the SSR entry
 * (`vite build --ssr src/entry-server.tsx`).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react(), ...(isSsrBuild ? [] : [allStylesWithEntry()])],
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
        rollupOptions: {
          // The app, and the boot script of guests' reading pages that loads it on intent.
          input: { main: "src/main.tsx", boot: "src/boot.ts" },
          // Everything the entry imports statically is needed by every page: one chunk (compresses
          // better than the many small shared chunks the on-demand imports would otherwise cut off).
          // The boot script stays apart: it is all a guest's reading page loads before intent.
          output: { codeSplitting: { groups: [{ name: "initial", tags: ["$initial"], test: notBoot }] } },
        },
      },
  ssr: { noExternal: ["@parley/contracts"] },
}));
