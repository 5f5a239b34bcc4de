import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import {
  dropPostgresSchema,
  executePostgresScript,
  openDatabase,
  type Database,
  type DialectName,
} from "../platform/db/database.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";

/**
 * The engines a data-layer or route test runs on: always SQLite (a real file per test file), and
 * PostgreSQL too when TEST_DATABASE_URL is set, each run in a schema of its own so runs never collide.
 */
export const testDatabaseUrl = process.env["TEST_DATABASE_URL"] || null;
export const engines: DialectName[] = testDatabaseUrl ? ["sqlite", "postgres"] : ["sqlite"];

if (!testDatabaseUrl && !process.env["PARLEY_QUIET_SKIPS"]) {
  // Said once per test file so a reader of the output knows PostgreSQL was not exercised.
  console.info("TEST_DATABASE_URL is not set: database tests run on SQLite only.");
}

export interface TestDatabase extends Database {
  /** A temporary folder of its own (the outbox of an app built on it goes there). */
  dataDir: string;
  /** Removes the SQLite file or drops the PostgreSQL schema. */
  dispose(): Promise<void>;
}

/** The migrated templates of this run (`global-setup.ts`); absent when a test runs outside the server project. */
const templates = inject("databaseTemplates");

/**
 * A fresh database on the given engine, migrated unless told otherwise: a copy of the run's migrated
 * template (SQLite: the file, PostgreSQL: the schema's dump replayed under this database's schema).
 */
export async function createTestDatabase(
  engine: DialectName,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  const id = `${process.pid}_${randomBytes(4).toString("hex")}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-test-"));
  if (engine === "postgres") {
    if (!testDatabaseUrl) throw new Error("TEST_DATABASE_URL is not set.");
    const schema = `parley_test_${id}`;
    const template = migrate ? templates?.postgres : null;
    if (template) await executePostgresScript(testDatabaseUrl, template.script.replaceAll(template.schema, schema));
    const database = await openDatabase({ databaseUrl: testDatabaseUrl, sqliteFile: "", schema, poolSize: 4 });
    if (migrate && !template) await migrateToLatest(database);
    return {
      ...database,
      dataDir: dir,
      dispose: async () => {
        await database.close();
        await dropPostgresSchema(testDatabaseUrl, schema);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const sqliteFile = path.join(dir, "parley.sqlite");
  const template = migrate ? templates?.sqliteFile : null;
  if (template) fs.copyFileSync(template, sqliteFile);
  const database = await openDatabase({ databaseUrl: null, sqliteFile });
  if (migrate && !template) await migrateToLatest(database);
  return {
    ...database,
    dataDir: dir,
    dispose: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
