import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { dropPostgresSchema, openDatabase } from "../platform/db/database.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";

/**
 * The server project's global setup: the migrations run once per `vitest run`, into template databases
 * that `createTestDatabase` copies (the SQLite file) or replays (the PostgreSQL schema's dump, one
 * round trip): a migration per test database cost ≈ 0.2 s on PostgreSQL, several seconds on a busy machine.
 */
export interface DatabaseTemplates {
  /** A migrated SQLite file (closed, so its WAL is checkpointed): a test database is a copy. */
  sqliteFile: string;
  /**
   * PostgreSQL (when TEST_DATABASE_URL is set and pg_dump runs): the statements that recreate the migrated
   * schema `schema` with its rows; a test database replays them with its own schema's name.
   */
  postgres: { schema: string; script: string } | null;
}

declare module "vitest" {
  interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

const run = promisify(execFile);

/** The template schema as SQL, without psql's meta-commands (`\restrict`), which the server would reject. */
async function dumpSchema(url: string, schema: string): Promise<string> {
  const { stdout } = await run("pg_dump", ["--schema", schema, "--inserts", "--no-owner", "--no-privileges", url], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout
    .split("\n")
    .filter((line) => !line.startsWith("\\"))
    .join("\n");
}

async function postgresTemplate(url: string): Promise<DatabaseTemplates["postgres"]> {
  const schema = `parley_template_${process.pid}_${randomBytes(4).toString("hex")}`;
  try {
    const database = await openDatabase({ databaseUrl: url, sqliteFile: "", schema, poolSize: 2 });
    try {
      await migrateToLatest(database);
    } finally {
      await database.close();
    }
    try {
      return { schema, script: await dumpSchema(url, schema) };
    } catch (error) {
      // Without pg_dump (or with one older than the server) each test database migrates on its own.
      console.warn(`PostgreSQL test databases migrate one by one: ${(error as Error).message.split("\n")[0]}`);
      return null;
    }
  } finally {
    await dropPostgresSchema(url, schema);
  }
}

export async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-templates-"));
  const sqliteFile = path.join(dir, "template.sqlite");
  const sqlite = await openDatabase({ databaseUrl: null, sqliteFile });
  try {
    await migrateToLatest(sqlite);
  } finally {
    await sqlite.close();
  }
  const url = process.env["TEST_DATABASE_URL"];
  project.provide("databaseTemplates", { sqliteFile, postgres: url ? await postgresTemplate(url) : null });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
