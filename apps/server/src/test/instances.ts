import type { FastifyInstance } from "fastify";
import { buildApp, type AppOptions } from "../app.ts";
import { createAdmin } from "../db/seed/admin.ts";
import { seedDemo } from "../db/seed/demo.ts";
import type { TestClock } from "../platform/clock.ts";
import { openDatabase } from "../platform/db/database.ts";
import { createCast, type TestUser } from "./accounts.ts";
import { testConfig, TEST_ADMIN_PASSWORD, TEST_PASSWORD_COST } from "./app.ts";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "./databases.ts";

export interface TwoInstances {
  database: TestDatabase;
  /** Instance A, on the test database's own pool. */
  appA: FastifyInstance;
  /** Instance B, on a pool of its own on the same schema, as a second process would have. */
  appB: FastifyInstance;
  users: { reader: TestUser; writer: TestUser };
  /** The demo community's General category. */
  general: number;
  close(): Promise<void>;
}

/**
 * Two server instances on one PostgreSQL schema (the demo community seeded) sharing `redisUrl`,
 * with two members who may post without flood control: the cross-process tests' setting.
 */
export async function createTwoInstances(
  redisUrl: string,
  /**
   * More of the apps' options (the guests' cache: `guestApiCacheTtlMs`; the lists' rows: `readCacheTtlMs`); `clock`, one test clock both read (moved by
   * the test instead of sleeping).
   */
  { clock, ...options }: Pick<AppOptions, "guestApiCacheTtlMs" | "readCacheTtlMs"> & { clock?: TestClock } = {},
): Promise<TwoInstances> {
  const database = await createTestDatabase("postgres");
  await seedDemo(database.db, await createAdmin(database.db, TEST_ADMIN_PASSWORD, TEST_PASSWORD_COST));
  const second = await openDatabase({
    databaseUrl: testDatabaseUrl,
    sqliteFile: "",
    schema: database.schema!,
    poolSize: 4,
  });
  const config = testConfig(database.dataDir, { redisUrl, ...(clock ? { clock } : {}) });
  const appA = await buildApp({ config, database, ...options });
  const appB = await buildApp({ config, database: second, ...options });
  await Promise.all([appA.ready(), appB.ready()]);
  const users = await createCast(database.db, {
    reader: { name: "Rae Reader", role: "member" },
    writer: { name: "Wes Writer", role: "member" },
  });
  await database.db.updateTable("users").set({ bypassSpam: 1 }).execute();
  const general = (
    await database.db
      .selectFrom("categories")
      .select("categoryID")
      .where("urlcode", "=", "general")
      .executeTakeFirstOrThrow()
  ).categoryID;
  return {
    database,
    appA,
    appB,
    users,
    general,
    async close() {
      appB.server.closeAllConnections();
      await appA.close();
      await appB.close();
      await second.close();
      await database.dispose();
    },
  };
}
