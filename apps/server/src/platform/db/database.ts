import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import type PgModule from "pg";
import type { DB } from "./schema.ts";
import { recordQuery } from "./query-count.ts";

export type DialectName = "sqlite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /** Human-readable target, without credentials. */
  describe: string;
  /** PostgreSQL: the schema the tables live in (null for the connection's default). */
  schema: string | null;
  /**
   * Names this site's data wherever it meets other sites' (Redis keys and channels: rate limits, presence,
   * live events, cache drops, the start-up lock): PostgreSQL's database and schema, or the SQLite file. Two sites
   * on one Redis never share a key, whether they differ by database or by schema.
   */
  siteKey: string;
  /** SQLite: the database file (other connections, such as the search reader's, open it too). */
  sqliteFile?: string;
  /** PostgreSQL: the pool's clients now (`/metrics`); SQLite has one connection and never waits for it. */
  poolStats?: () => PoolStats;
  close(): Promise<void>;
}

interface PoolStats {
  /** Clients open (idle or lent out). */
  total: number;
  idle: number;
  /** Queries waiting for a client. */
  waiting: number;
  /** The pool's size. */
  max: number;
}

export interface OpenOptions {
  /** `postgres://…`, or null for SQLite. */
  databaseUrl: string | null;
  /** The SQLite file (used when databaseUrl is null). */
  sqliteFile: string;
  /** PostgreSQL only: run in this schema (created when missing). Tests use one schema per run. */
  schema?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

/** timestamptz → RFC 3339 string, int8 (counts) → number: the same values SQLite gives back. */
const oid = { int8: 20, timestamp: 1114, timestamptz: 1184, numeric: 1700 } as const;
/** pg loads only when PostgreSQL is configured: an SQLite site never pays for it. */
const loadPg = async (): Promise<typeof PgModule> => (await import("pg")).default;

const pgTypesOf = (pg: typeof PgModule) => ({
  getTypeParser(type: number, format?: "text" | "binary"): (value: string) => unknown {
    if (type === oid.timestamptz || type === oid.timestamp) return (value) => new Date(value).toISOString();
    if (type === oid.int8 || type === oid.numeric) return (value) => Number(value);
    return pg.types.getTypeParser(type, format) as (value: string) => unknown;
  },
});

const log = () => recordQuery();

/**
 * The SQL text the statement cache holds at most, in characters. A prepared statement's compiled program grows with its
 * text (≈ 45 bytes of memory per character for an `in (?, ?, …)` list), and lists of ids give a new text for each
 * length: counted in statements, 1,000 of the 2,000-id lists of a search rebuild held ≈ 260 MB.
 */
const STATEMENT_CACHE_CHARS = 256_000;
/** A statement longer than this is prepared for its one use: it would crowd out hundreds of everyday ones. */
const STATEMENT_CACHE_LONGEST = 16_000;

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, so keep the prepared ones by their SQL,
 * the least recently used going first once their text passes `maxChars`.
 */
export function cacheStatements(
  sqlite: Pick<SQLite.Database, "prepare">,
  maxChars = STATEMENT_CACHE_CHARS,
): { readonly size: number; readonly chars: number } {
  const prepare = sqlite.prepare.bind(sqlite);
  const statements = new Map<string, SQLite.Statement>();
  let chars = 0;
  sqlite.prepare = ((source: string) => {
    let statement = statements.get(source);
    if (statement) {
      // Most recently used last.
      statements.delete(source);
      statements.set(source, statement);
      return statement;
    }
    statement = prepare(source);
    if (source.length > Math.min(STATEMENT_CACHE_LONGEST, maxChars)) return statement;
    statements.set(source, statement);
    chars += source.length;
    while (chars > maxChars) {
      const oldest = statements.keys().next().value as string;
      statements.delete(oldest);
      chars -= oldest.length;
    }
    return statement;
  }) as typeof sqlite.prepare;
  return {
    get size() {
      return statements.size;
    },
    get chars() {
      return chars;
    },
  };
}

/** The SQL text one PostgreSQL connection keeps prepared at most, in characters (the pages use ≈ 52,000). */
const PG_PREPARED_CHARS = 100_000;
/** A longer statement (a long list of ids) runs unnamed: it is planned for its one use. */
const PG_PREPARED_LONGEST = 4_000;

type QueryFunction = (config: unknown, values?: unknown, callback?: unknown) => unknown;
/** What of a pg client this uses: `query`, and the statements its connection has parsed (pg's own record). */
interface PreparingClient {
  query: QueryFunction;
  connection?: { parsedStatements?: Record<string, string> };
}

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it on each execution (the leaderboard's query:
 * 0.4 ms of planning for 0.5 ms of work). A pool client here names each parameterised query by a hash of its text,
 * so the server keeps it prepared on that connection: parsed once, and planned once where PostgreSQL finds a generic
 * plan as good (`plan_cache_mode = auto`). A connection keeps up to `maxChars` of SQL text prepared, the least recently
 * used going first (`DEALLOCATE`, before the query that takes its place); a text over `PG_PREPARED_LONGEST` runs
 * unnamed. Queries without parameters keep pg's simple protocol (scripts of several statements need it).
 */
export function prepareStatements(
  client: PreparingClient,
  maxChars = PG_PREPARED_CHARS,
): { readonly size: number; readonly chars: number } {
  const query = client.query.bind(client);
  /** Name → text, least recently used first. */
  const named = new Map<string, string>();
  let chars = 0;
  /** Deallocates statements on the server, one after the other, then forgets them in pg (failures are left). */
  const deallocate = async (names: string[]) => {
    for (const name of names) {
      try {
        await query(`DEALLOCATE "${name}"`);
        delete client.connection?.parsedStatements?.[name];
      } catch {
        // In a failed transaction: the statement stays prepared, and pg still knows it, so both agree.
      }
    }
  };
  client.query = (config, values, callback) => {
    const plain = typeof config !== "string" || !Array.isArray(values) || values.length === 0;
    if (plain || callback !== undefined || config.length > Math.min(PG_PREPARED_LONGEST, maxChars)) {
      return query(config, values, callback);
    }
    const name = `p_${createHash("sha1").update(config).digest("base64url")}`;
    const evicted: string[] = [];
    if (named.has(name)) named.delete(name);
    else {
      chars += config.length;
      for (const [oldest, text] of named) {
        if (chars <= maxChars) break;
        named.delete(oldest);
        chars -= text.length;
        evicted.push(oldest);
      }
    }
    named.set(name, config);
    const statement = { name, text: config, values };
    // The client is this caller's alone (a pool lends it whole): the deallocation runs first, on the same borrowing.
    return evicted.length ? deallocate(evicted).then(() => query(statement)) : query(statement);
  };
  return {
    get size() {
      return named.size;
    },
    get chars() {
      return chars;
    },
  };
}

/** The settings every connection to a site's SQLite file shares, then the Kysely instance on it. */
function sqliteKysely(sqlite: SQLite.Database): Kysely<DB> {
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("cache_size = -16000");
  sqlite.pragma("temp_store = MEMORY");
  cacheStatements(sqlite);
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), log });
}

/** A SQLite site's key: its file's absolute path, hashed short (a key, not a path, in Redis). */
const sqliteSiteKey = (file: string) =>
  `sqlite-${createHash("sha256").update(path.resolve(file)).digest("hex").slice(0, 16)}`;

function openSqlite(file: string): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  const db = sqliteKysely(sqlite);
  return {
    db,
    dialect: "sqlite",
    describe: `SQLite ${file}`,
    schema: null,
    siteKey: sqliteSiteKey(file),
    sqliteFile: file,
    close: () => db.destroy(),
  };
}

/**
 * A read-only connection to a site's SQLite file, opened by another thread than the site's own
 * (the search reader): the file is in WAL mode, so it reads the last commit and never blocks a writer.
 */
export function openSqliteReader(file: string): Database {
  const db = sqliteKysely(new SQLite(file, { readonly: true, fileMustExist: true }));
  return {
    db,
    dialect: "sqlite",
    describe: `SQLite ${file} (read-only)`,
    schema: null,
    siteKey: sqliteSiteKey(file),
    sqliteFile: file,
    close: () => db.destroy(),
  };
}

async function openPostgres(url: string, schema: string | undefined, poolSize: number): Promise<Database> {
  const pg = await loadPg();
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`Invalid PostgreSQL schema name "${schema}".`);
  }
  if (schema) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: pgTypesOf(pg),
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  });
  pool.on("connect", (client) => prepareStatements(client as unknown as PreparingClient));
  // A connection the server ends while it is idle in the pool (PostgreSQL restarted, an administrator's
  // pg_terminate_backend, a proxy's idle timeout) is an error the pool emits; without a listener it would end the
  // process. The pool has dropped that connection already and opens another when one is needed.
  pool.on("error", (error) => console.warn(`PostgreSQL ended an idle connection of the pool: ${error.message}`));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
  const where = await sql<{
    database: string;
    schema: string;
  }>`select current_database() as "database", current_schema() as "schema"`.execute(db);
  const { host, pathname } = new URL(url);
  return {
    db,
    dialect: "postgres",
    describe: `PostgreSQL ${host}${pathname}${schema ? ` (schema ${schema})` : ""}`,
    schema: schema ?? null,
    siteKey: `${where.rows[0]!.database}.${where.rows[0]!.schema}`,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    close: () => db.destroy(),
  };
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.schema, options.poolSize ?? 10)
    : openSqlite(options.sqliteFile);
}

/** Runs SQL statements in one round trip on a connection of their own (tests clone a schema from its dump). */
export async function executePostgresScript(url: string, script: string): Promise<void> {
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(script);
  } finally {
    await client.end();
  }
}

/** Drops a PostgreSQL schema made by `openDatabase({schema})` (tests clean up after themselves). */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  await executePostgresScript(url, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}
