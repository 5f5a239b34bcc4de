import { randomBytes } from "node:crypto";
import pg from "pg";

export interface TestDatabase {
  /** The new database's URL (TEST_DATABASE_URL's server and credentials). */
  url: string;
  /** Drops it, closing whatever connections are left. */
  drop(): Promise<void>;
}

/** A fresh PostgreSQL database on TEST_DATABASE_URL's server, for servers started as processes. */
export async function createTestDatabase(serverUrl: string, prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
