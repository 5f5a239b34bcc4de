import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/database.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";
import { ADMIN_NAME, createAdmin, isEmpty } from "./seed/admin.ts";
import { seedDemo } from "./seed/demo.ts";

export interface BootstrapReport {
  migrations: string[];
  /** Set on the first start of an empty database. */
  admin?: { name: string; password: string; generated: boolean };
  seeded: boolean;
}

/** The data dir's folders: uploads and the mail outbox live beside the SQLite file. */
export function prepareDataDir(dataDir: string): void {
  for (const dir of [dataDir, path.join(dataDir, "uploads"), path.join(dataDir, "outbox")]) {
    fs.mkdirSync(dir, { recursive: true });
  }
}

/**
 * Runs `work` while this process holds the site's bootstrap lock: on PostgreSQL a session advisory lock on one pinned
 * connection (the work runs on the pool's others, so the pool needs two), so that processes starting together on an
 * empty database create `admin` and the demo community once; SQLite is one process's.
 */
async function underBootstrapLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.dialect !== "postgres") return work();
  const key = `parley:bootstrap:${database.siteKey}`;
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${key}))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}

/**
 * Migrates; on an empty database creates `admin` and, unless PARLEY_SEED=none, the demo community, once however many
 * processes start together (each waits for the first, then finds the database no longer empty).
 */
export async function bootstrapDatabase(
  database: Database,
  config: Pick<Config, "adminPassword" | "adminPasswordGenerated" | "seed">,
): Promise<BootstrapReport> {
  const migrations = await migrateToLatest(database);
  return underBootstrapLock(database, async () => {
    if (!(await isEmpty(database.db))) return { migrations, seeded: false };
    const adminID = await createAdmin(database.db, config.adminPassword);
    if (config.seed === "demo") await seedDemo(database.db, adminID);
    return {
      migrations,
      admin: { name: ADMIN_NAME, password: config.adminPassword, generated: config.adminPasswordGenerated },
      seeded: config.seed === "demo",
    };
  });
}
