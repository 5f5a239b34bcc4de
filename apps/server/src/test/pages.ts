import path from "node:path";
import type { FastifyInstance } from "fastify";
import { build } from "../../../../scripts/build.mjs";
import { buildApp } from "../app.ts";
import { createAdmin } from "../db/seed/admin.ts";
import { seedDemo } from "../db/seed/demo.ts";
import type { DialectName } from "../platform/db/database.ts";
import type { PlatformConfig } from "../platform/context.ts";
import { loadBuiltWeb } from "../pages/renderer.ts";
import { createTestClock } from "../platform/clock.ts";
import { readyTestApp, testConfig, TEST_ADMIN_PASSWORD, TEST_PASSWORD_COST, type TestApp } from "./app.ts";
import { createTestDatabase } from "./databases.ts";

const webDistDir = path.resolve(import.meta.dirname, "../../../web/dist");

/**
 * The API and the server-rendered pages (the web app built first if its sources changed) on a fresh
 * database of the engine with the demo community; guests' page and API caches on when given a time to live.
 */
export async function createPagesTestApp(
  engine: DialectName,
  options: {
    guestCacheTtlMs?: number;
    guestApiCacheTtlMs?: number;
    config?: Partial<PlatformConfig>;
    /** Routes a test adds before the app is ready. */
    extend?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  await build({ ifNeeded: true, quiet: true });
  const database = await createTestDatabase(engine);
  await seedDemo(database.db, await createAdmin(database.db, TEST_ADMIN_PASSWORD, TEST_PASSWORD_COST));
  const web = await loadBuiltWeb(webDistDir);
  const clock = createTestClock();
  const app = await buildApp({
    config: testConfig(database.dataDir, { clock, ...options.config }),
    database,
    ...(options.guestApiCacheTtlMs ? { guestApiCacheTtlMs: options.guestApiCacheTtlMs } : {}),
    pages: {
      renderer: async () => web.renderer,
      assets: async () => web.assets,
      clientDir: web.clientDir,
      ...(options.guestCacheTtlMs ? { guestCacheTtlMs: options.guestCacheTtlMs } : {}),
    },
  });
  await options.extend?.(app);
  return readyTestApp(app, database, clock);
}
