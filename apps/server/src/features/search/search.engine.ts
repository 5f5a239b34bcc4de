import type { Database } from "../../platform/db/database.ts";
import { createIndexer } from "./search.indexer.ts";
import { defaultSearchLanguage, type SearchLanguage } from "./search.language.ts";
import { createPostgresSearchDriver } from "./search.postgres.ts";
import { createSearchRepo } from "./search.repo.ts";
import { createSqliteSearchDriver } from "./search.sqlite.ts";

/**
 * The search engine for the database the site runs on, and the indexer that keeps it current.
 * Without routes or services, so `npm run reindex` and the bench seeder load only this.
 */
export function createSearchEngine(
  database: Pick<Database, "db" | "dialect">,
  language: SearchLanguage = defaultSearchLanguage,
) {
  const driver =
    database.dialect === "postgres"
      ? createPostgresSearchDriver(database.db, language.postgres)
      : createSqliteSearchDriver(database.db, language);
  const indexer = createIndexer(createSearchRepo(database.db, database.dialect), driver);
  return { driver, indexer };
}
