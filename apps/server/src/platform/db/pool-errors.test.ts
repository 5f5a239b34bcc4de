import pg from "pg";
import { sql } from "kysely";
import { afterAll, describe, expect, it, vi } from "vitest";
import { testDatabaseUrl } from "../../test/databases.ts";
import { openDatabase, type Database } from "./database.ts";

/**
 * PostgreSQL may end a connection while it waits idle in the pool: a restart, an administrator's
 * `pg_terminate_backend`, a proxy's idle timeout. The pool reports it as an error event, which would end the process
 * without a listener (a full test run saw one as an unhandled error). The server keeps serving on a new connection.
 */
describe.skipIf(!testDatabaseUrl)("a pooled PostgreSQL connection ended by the server", () => {
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
  });

  it("is dropped without an unhandled error, and the next query runs on a new connection", async () => {
    database = await openDatabase({ databaseUrl: testDatabaseUrl!, sqliteFile: "", poolSize: 1 });
    const pidOf = async () =>
      (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database!.db)).rows[0]!.pid;
    const first = await pidOf();
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const admin = new pg.Client({ connectionString: testDatabaseUrl! });
      await admin.connect();
      try {
        await admin.query("select pg_terminate_backend($1)", [first]);
      } finally {
        await admin.end();
      }
      await vi.waitFor(() =>
        expect(warned).toHaveBeenCalledWith(expect.stringMatching(/^PostgreSQL ended an idle connection/)),
      );
    } finally {
      warned.mockRestore();
    }
    const second = await pidOf();
    expect(second).not.toBe(first);
  });
});
