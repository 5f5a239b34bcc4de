import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { buildApp } from "../app.ts";
import { createAdmin } from "../db/seed/admin.ts";
import { seedDemo } from "../db/seed/demo.ts";
import type { DialectName } from "../platform/db/database.ts";
import type { PlatformConfig } from "../platform/context.ts";
import { createTestClock, type TestClock } from "../platform/clock.ts";
import { createTestDatabase, type TestDatabase } from "./databases.ts";

/** Every test request names this host, and the test site's address is this origin (`publicUrl`). */
export const TEST_HOST = "forum.test";
export const TEST_ORIGIN = `http://${TEST_HOST}`;

/**
 * Settings for an app under test: mail to the test database's own outbox, no Redis, no debug, the site at
 * `TEST_ORIGIN` (the Host the test helpers send), so links are `http://forum.test/…`, and no per-address
 * limits on searches and guests' calls or for new members (tests send many from one address; the limits' own tests turn them on).
 */
export const testConfig = (dataDir: string, overrides: Partial<PlatformConfig> = {}): PlatformConfig => ({
  debug: false,
  dataDir,
  redisUrl: null,
  smtpUrl: null,
  mailFrom: "Parley <noreply@parley.test>",
  confirmEmail: true,
  // Test members are new: the limits for new members have tests of their own, which turn them on.
  newMemberLimits: false,
  publicUrl: TEST_ORIGIN,
  ...overrides,
  rateLimits: { searchPerMinute: 0, guestApiPerMinute: 0, ...overrides.rateLimits },
});

/** The password of the `admin` that `createTestApp(engine, {seed: true})` creates. */
export const TEST_ADMIN_PASSWORD = "test-password";

/**
 * scrypt's cost for the accounts tests make in the database (≈ 1 ms a hash, and as little a sign-in, instead of
 * ≈ 0.1 s of CPU at the real cost, thousands of times a run); what the app hashes itself keeps the real cost.
 */
export const TEST_PASSWORD_COST = 2 ** 10;

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** The app's clock: it runs with the machine's, and a test moves it forward instead of sleeping. */
  clock: TestClock;
  close(): Promise<void>;
}

/** The API (no pages) on a fresh database of the given engine, optionally with the demo community. */
export async function createTestApp(
  engine: DialectName,
  options: {
    seed?: boolean;
    extend?: (app: FastifyInstance) => void | Promise<void>;
    config?: Partial<PlatformConfig>;
    /** Fastify's logger (default: none), e.g. to collect what the app logs as errors. */
    logger?: FastifyServerOptions["logger"];
    /** URLs per sitemap, small to see chunking (default the protocol's 50,000). */
    sitemapChunkSize?: number;
    /**
     * The lists' shared rows kept this long (`AppOptions.readCacheTtlMs`): on by default, as the server runs, so route
     * tests read lists through it; 0 turns it off. A test that writes a list's table behind the app's back (no event)
     * sees the rows kept before (`discussions.list-cache.test.ts` relies on it).
     */
    readCacheTtlMs?: number;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(engine);
  if (options.seed) {
    const adminID = await createAdmin(database.db, TEST_ADMIN_PASSWORD, TEST_PASSWORD_COST);
    await seedDemo(database.db, adminID);
  }
  const clock = createTestClock();
  // Compression on, as the server runs (requests without Accept-Encoding get plain answers).
  const app = await buildApp({
    config: testConfig(database.dataDir, { clock, ...options.config }),
    database,
    compress: true,
    logger: options.logger,
    ...(options.sitemapChunkSize ? { sitemapChunkSize: options.sitemapChunkSize } : {}),
    readCacheTtlMs: options.readCacheTtlMs ?? 60_000,
  });
  await options.extend?.(app);
  return readyTestApp(app, database, clock);
}

/** The app made ready, closed with its database; `clock` is the one its config was given. */
export async function readyTestApp(app: FastifyInstance, database: TestDatabase, clock: TestClock): Promise<TestApp> {
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

/**
 * A second app on a test app's database that keeps no lists' rows (`readCacheTtlMs` off): every list is presented
 * afresh. The kept-JSON tests (`discussions.list-json.test.ts`, `comments.list-json.test.ts`) hold the first app's
 * answers to its. Closed by the caller, before the test app.
 */
export async function createUnkeptTwin(t: TestApp): Promise<FastifyInstance> {
  const twin = await buildApp({ config: testConfig(t.database.dataDir), database: t.database, compress: true });
  await twin.ready();
  return twin;
}
