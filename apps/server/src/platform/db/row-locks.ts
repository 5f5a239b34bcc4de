import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { DB } from "./schema.ts";

/**
 * Row locks for counters kept in a row (a discussion's comments, a group's members, a category's
 * followers). Under PostgreSQL's READ COMMITTED each statement reads the commits made before it began,
 * so a count read, or recounted by a subquery of the UPDATE itself, misses a concurrent writer that
 * commits while the statement waits for the row: that writer's change is lost. The rule is: first lock
 * the row (`lockRows`, or an increment such as `SET x = x + 1`, which locks it too), then recount in a
 * later statement of the same transaction; it sees every writer that held the lock before. SQLite runs
 * one write transaction at a time, so there the lock costs nothing.
 */

/** Whether a Kysely instance (or a transaction of it) talks to PostgreSQL. */
const isPostgres = (db: Kysely<DB>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Locks rows until the transaction ends, by setting a column to itself (no value changes; pick a column
 * no trigger watches). On PostgreSQL this is the lock an UPDATE takes: writers of the same rows wait, and
 * inserts of rows that reference them (foreign keys) do not.
 */
export async function lockRows<T extends keyof DB>(
  db: Kysely<DB>,
  table: T,
  idColumn: keyof DB[T] & string,
  ids: readonly number[],
  column: keyof DB[T] & string,
): Promise<void> {
  if (ids.length === 0) return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(column)} where ${sql.ref(idColumn)} in (${sql.join(sorted)})`.execute(
    db,
  );
}

/**
 * Locks rows that are about to be deleted, or whose dependants are about to be moved away (PostgreSQL
 * `FOR UPDATE`): inserts of rows that reference them wait too, so nothing is added under a row while its
 * dependants are counted, moved or removed. Answers the ids that still exist.
 */
export async function lockRowsExclusively<T extends keyof DB>(
  db: Kysely<DB>,
  table: T,
  idColumn: keyof DB[T] & string,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const lock = isPostgres(db) ? sql` for update` : sql``;
  const { rows } = await sql<{ id: number }>`select ${sql.ref(idColumn)} as id from ${sql.table(table)}
    where ${sql.ref(idColumn)} in (${sql.join(sorted)}) order by ${sql.ref(idColumn)}${lock}`.execute(db);
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * A select that share-locks the rows it reads until the transaction ends (PostgreSQL `FOR SHARE`): a writer
 * that locks one of them (lockRows, lockRowsExclusively) waits, and waits to be waited on; readers do not wait
 * for each other. SQLite runs one writing transaction at a time, so the plain select is enough there.
 */
export function sharedRead<Q extends { forShare(): Q }>(db: Kysely<DB>, query: Q): Q {
  return isPostgres(db) ? query.forShare() : query;
}

/** `lockRows` for every row of a table, before a recount of them all (rare, bulk work). */
export async function lockAllRows<T extends keyof DB>(
  db: Kysely<DB>,
  table: T,
  column: keyof DB[T] & string,
): Promise<void> {
  await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(column)}`.execute(db);
}

/** Runs `work` in the caller's transaction, or in one of its own: row locks last only as long as one. */
export async function inTransaction<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
