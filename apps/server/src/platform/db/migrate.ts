import { Migrator, sql, type DatabaseIntrospector, type Kysely, type MigrationResultSet } from "kysely";
import { migrationsFor } from "../../db/migrations/index.ts";
import type { Database } from "./database.ts";

/**
 * PostgreSQL: Kysely's migrator asks its introspector for every table of every schema to find its
 * own two tables. That reads other schemas' columns, and fails ('schema does not exist') when another
 * process drops one meanwhile (test runs each use a schema of their own, several at once). This
 * introspector lists only the tables of the schema the migrations run in (the connection's
 * current schema unless one is named), from the catalogue alone.
 */
function ownSchemaOnly<T>(db: Kysely<T>, schema: string | null): Kysely<T> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getMetadata: (options) => db.introspection.getMetadata(options),
    async getTables() {
      const result = await sql<{ name: string; schema: string; isView: boolean }>`
        select c.relname as name, n.nspname as schema, c.relkind = 'v' as "isView"
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema ?? sql`current_schema()`} and c.relkind in ('r', 'p', 'v')`.execute(db);
      return result.rows.map((row) => ({ ...row, columns: [] }));
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === "introspection") return introspection;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely's methods use private fields: they run on the instance itself, never the proxy.
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Brings the schema up to date; throws with the failing migration's name and error. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const db = database.dialect === "postgres" ? ownSchemaOnly(database.db, database.schema) : database.db;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(database.dialect) },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error) {
    const detail = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${detail}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}
