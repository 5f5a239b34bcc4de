import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Two builds from one config: the client (`vite build`: hashed assets + manifest.json, entry
 * src/main.tsx, no index.html: the server writes the document) and the SSR entry
 * (`vite build --ssr src/entry-server.tsx`).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react()],
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
        rollupOptions: { input: "src/main.tsx" },
      },
  ssr: { noExternal: ["@parley/contracts"] },
}));
