import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../../test/databases.ts";
import { openDatabase, type Database } from "./database.ts";

/*
 * `Database.siteKey` names a site's data in Redis (rate limits, presence, live events, cache drops). Two sites on
 * one Redis must never share one: neither two schemas of one PostgreSQL database nor two databases that both use
 * the default schema (the cluster tests found the second: each started its own database, all "public", and one
 * test's members were flooded by another's writes).
 */
describe("a site's key in shared services", () => {
  const opened: Database[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const database of opened) await database.close();
    for (const cleanup of cleanups) await cleanup();
  });
  const open = async (options: Parameters<typeof openDatabase>[0]) => {
    const database = await openDatabase(options);
    opened.push(database);
    return database;
  };

  it("is the SQLite file's, the same for every connection to it and different for another file", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "parley-site-key-"));
    cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
    const one = await open({ databaseUrl: null, sqliteFile: path.join(directory, "one.sqlite") });
    const again = await open({ databaseUrl: null, sqliteFile: path.join(directory, ".", "one.sqlite") });
    const other = await open({ databaseUrl: null, sqliteFile: path.join(directory, "other.sqlite") });
    expect(one.siteKey).toMatch(/^sqlite-[0-9a-f]{16}$/);
    expect(again.siteKey).toBe(one.siteKey);
    expect(other.siteKey).not.toBe(one.siteKey);
  });

  it.skipIf(!testDatabaseUrl)(
    "is PostgreSQL's database and schema: two schemas differ, and so do two databases on the default schema",
    async () => {
      const server = testDatabaseUrl!;
      const schema = `site_key_${randomBytes(4).toString("hex")}`;
      const databaseName = `site_key_${randomBytes(4).toString("hex")}`;
      const admin = async (statement: string) => {
        const client = new pg.Client({ connectionString: server });
        await client.connect();
        try {
          await client.query(statement);
        } finally {
          await client.end();
        }
      };
      await admin(`CREATE DATABASE "${databaseName}"`);
      cleanups.push(() => admin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
      cleanups.push(() => admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
      const otherUrl = new URL(server);
      otherUrl.pathname = `/${databaseName}`;

      const defaultSchema = await open({ databaseUrl: server, sqliteFile: "" });
      const ownSchema = await open({ databaseUrl: server, sqliteFile: "", schema });
      const otherDatabase = await open({ databaseUrl: otherUrl.toString(), sqliteFile: "" });
      const serverDatabase = new URL(server).pathname.slice(1);
      expect(defaultSchema.siteKey).toBe(`${serverDatabase}.public`);
      expect(ownSchema.siteKey).toBe(`${serverDatabase}.${schema}`);
      expect(otherDatabase.siteKey).toBe(`${databaseName}.public`);
      expect(new Set([defaultSchema.siteKey, ownSchema.siteKey, otherDatabase.siteKey]).size).toBe(3);
    },
  );
});
