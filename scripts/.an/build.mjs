import { build } from "vite";
await build({ root: "apps/web", configFile: "apps/web/vite.config.ts", mode: "production", logLevel: "warn",
  build: { outDir: "/tmp/an/out", sourcemap: true, emptyOutDir: true } });
