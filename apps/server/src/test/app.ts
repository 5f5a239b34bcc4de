import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import { createAdmin } from "../db/seed/admin.ts";
import { seedDemo } from "../db/seed/demo.ts";
import type { DialectName } from "../platform/db/database.ts";
import type { PlatformConfig } from "../platform/context.ts";
import { createTestDatabase, type TestDatabase } from "./databases.ts";

/** Settings for an app under test: mail to the test database's own outbox, no Redis, no debug. */
export const testConfig = (dataDir: string, overrides: Partial<PlatformConfig> = {}): PlatformConfig => ({
  debug: false,
  dataDir,
  redisUrl: null,
  smtpUrl: null,
  mailFrom: "Parley <noreply@parley.test>",
  confirmEmail: true,
  ...overrides,
});

/** The password of the `admin` that `createTestApp(engine, {seed: true})` creates. */
export const TEST_ADMIN_PASSWORD = "test-password";

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The API (no pages) on a fresh database of the given engine, optionally with the demo community. */
export async function createTestApp(
  engine: DialectName,
  options: {
    seed?: boolean;
    extend?: (app: FastifyInstance) => void | Promise<void>;
    config?: Partial<PlatformConfig>;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(engine);
  if (options.seed) {
    const adminID = await createAdmin(database.db, TEST_ADMIN_PASSWORD);
    await seedDemo(database.db, adminID);
  }
  // Compression on, as the server runs (requests without Accept-Encoding get plain answers).
  const app = await buildApp({ config: testConfig(database.dataDir, options.config), database, compress: true });
  await options.extend?.(app);
  return readyTestApp(app, database);
}

/** The app made ready, closed with its database. */
export async function readyTestApp(app: FastifyInstance, database: TestDatabase): Promise<TestApp> {
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}
