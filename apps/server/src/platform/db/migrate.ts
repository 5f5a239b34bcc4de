import { Migrator, type MigrationResultSet } from "kysely";
import { migrationsFor } from "../../db/migrations/index.ts";
import type { Database } from "./database.ts";

/** Brings the schema up to date; throws with the failing migration's name and error. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrationsFor(database.dialect) },
    // Kysely looks for its own tables across every schema unless told which one is ours.
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
