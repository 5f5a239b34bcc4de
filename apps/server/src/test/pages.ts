import path from "node:path";
import { build } from "../../../../scripts/build.mjs";
import { buildApp } from "../app.ts";
import { createAdmin } from "../db/seed/admin.ts";
import { seedDemo } from "../db/seed/demo.ts";
import type { DialectName } from "../platform/db/database.ts";
import { loadBuiltWeb } from "../pages/renderer.ts";
import { readyTestApp, testConfig, TEST_ADMIN_PASSWORD, type TestApp } from "./app.ts";
import { createTestDatabase } from "./databases.ts";

const webDistDir = path.resolve(import.meta.dirname, "../../../web/dist");

/**
 * The API and the server-rendered pages (the web app built first if its sources changed) on a fresh
 * database of the engine with the demo community; guests' page and API caches on when given a time to live.
 */
export async function createPagesTestApp(
  engine: DialectName,
  options: { guestCacheTtlMs?: number; guestApiCacheTtlMs?: number } = {},
): Promise<TestApp> {
  await build({ ifNeeded: true, quiet: true });
  const database = await createTestDatabase(engine);
  await seedDemo(database.db, await createAdmin(database.db, TEST_ADMIN_PASSWORD));
  const web = await loadBuiltWeb(webDistDir);
  const app = await buildApp({
    config: testConfig(database.dataDir),
    database,
    ...(options.guestApiCacheTtlMs ? { guestApiCacheTtlMs: options.guestApiCacheTtlMs } : {}),
    pages: {
      renderer: async () => web.renderer,
      assets: async () => web.assets,
      clientDir: web.clientDir,
      ...(options.guestCacheTtlMs ? { guestCacheTtlMs: options.guestCacheTtlMs } : {}),
    },
  });
  return readyTestApp(app, database);
}
