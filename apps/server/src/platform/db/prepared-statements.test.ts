import { randomBytes } from "node:crypto";
import pg from "pg";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../../test/databases.ts";
import { dropPostgresSchema, openDatabase, prepareStatements, type Database } from "./database.ts";

/** What this connection's server session holds prepared (PostgreSQL's own view), by statement text. */
async function preparedOn(client: pg.Client): Promise<string[]> {
  const result = await client.query<{ statement: string }>(
    "select statement from pg_prepared_statements order by statement",
  );
  return result.rows.map((row) => row.statement);
}

describe.skipIf(!testDatabaseUrl)("PostgreSQL statements kept prepared per connection", () => {
  describe("on one client", () => {
    const client = new pg.Client({ connectionString: testDatabaseUrl! });
    let kept: ReturnType<typeof prepareStatements>;
    /** The query's one column `n`, from its one row. */
    const n = async (text: string, values: unknown[]) => (await client.query<{ n: number }>(text, values)).rows[0]!.n;
    beforeAll(async () => {
      await client.connect();
      kept = prepareStatements(client as never, 200);
    });
    afterAll(() => client.end());

    it("parses a parameterised query once and runs it again by name, with each run's values", async () => {
      const text = "select $1::int + 1 as n";
      for (const value of [1, 2, 3]) {
        expect(await n(text, [value])).toBe(value + 1);
      }
      expect(await preparedOn(client)).toEqual([text]);
      expect(kept.size).toBe(1);
    });

    it("runs a query without parameters as before, scripts of several statements included", async () => {
      const results = (await client.query("select 1 as a; select 2 as b")) as unknown as pg.QueryResult[];
      expect(results.map((result) => result.rows[0] as unknown)).toEqual([{ a: 1 }, { b: 2 }]);
      expect(await preparedOn(client)).toHaveLength(1);
    });

    it("keeps no more than its budget of text, the least recently used going first; evicted texts run again", async () => {
      const everyday = "select $1::int + 1 as n";
      const listOf = (index: number) => `select $1::int * ${index} as n, '${"x".repeat(20)}' as padding`;
      for (let index = 0; index < 20; index += 1) {
        expect(await n(listOf(index), [2])).toBe(2 * index);
        // Used all along: never the least recently used.
        expect(await n(everyday, [index])).toBe(index + 1);
      }
      expect(kept.chars).toBeLessThanOrEqual(200);
      const prepared = await preparedOn(client);
      expect(prepared).toHaveLength(kept.size);
      expect(prepared).toContain(everyday);
      expect(prepared).toContain(listOf(19));
      expect(prepared).not.toContain(listOf(0));
      // Evicted (deallocated on the server, forgotten by pg), then parsed again.
      expect(await n(listOf(0), [3])).toBe(0);
      expect(await preparedOn(client)).toContain(listOf(0));
    });

    it("is not left broken by a statement that fails to parse or to run", async () => {
      await expect(client.query("selec $1::int", [1])).rejects.toThrow(/syntax error/);
      await expect(client.query("select 1 / $1::int as n", [0])).rejects.toThrow(/division by zero/);
      expect(await n("select 1 / $1::int as n", [1])).toBe(1);
      expect(await n("select $1::int + 1 as n", [41])).toBe(42);
    });
  });

  describe("on a site's pool", () => {
    const schema = `parley_prep_${randomBytes(4).toString("hex")}`;
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase({ databaseUrl: testDatabaseUrl!, sqliteFile: "", schema, poolSize: 1 });
      await sql`create table t (id integer primary key, name text not null)`.execute(database.db);
    });
    afterAll(async () => {
      await database.close();
      await dropPostgresSchema(testDatabaseUrl!, schema);
    });

    it("names Kysely's queries, inside and outside transactions, in the site's schema", async () => {
      const insert = (id: number, name: string) => sql`insert into t (id, name) values (${id}, ${name})`;
      await insert(1, "one").execute(database.db);
      await database.db.transaction().execute(async (trx) => {
        await insert(2, "two").execute(trx);
      });
      const select = async () =>
        (await sql<{ name: string }>`select name from t where id = ${2}`.execute(database.db)).rows;
      expect(await select()).toEqual([{ name: "two" }]);
      expect(await select()).toEqual([{ name: "two" }]);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        database.db,
      );
      const statements = prepared.rows.map((row) => row.statement);
      expect(statements.filter((text) => text.startsWith("select"))).toHaveLength(1);
      expect(statements.filter((text) => text.startsWith("insert"))).toHaveLength(1);
      await expect(insert(2, "again").execute(database.db)).rejects.toThrow(/duplicate key/);
      expect(await select()).toEqual([{ name: "two" }]);
    });
  });
});
