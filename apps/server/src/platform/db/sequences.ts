import { sql, type Kysely } from "kysely";
import type { DB } from "./schema.ts";
import type { DialectName } from "./database.ts";

/**
 * After rows went in with their own ids (an import), moves a table's id sequence past its largest id and past
 * `floor` (ids kept for rows that may come later), so the next insert takes a new id: PostgreSQL's serial
 * sequence, SQLite's AUTOINCREMENT counter (`sqlite_sequence`).
 */
export async function advanceIdSequence(
  db: Kysely<DB>,
  dialect: DialectName,
  table: keyof DB,
  column: string,
  floor = 0,
): Promise<void> {
  const largest = sql<number>`(select coalesce(max(${sql.ref(column)}), 0) from ${sql.table(table)})`;
  if (dialect === "postgres") {
    await sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}),
      greatest(${largest}, ${floor}, 1))`.execute(db);
    return;
  }
  await sql`insert into sqlite_sequence (name, seq) select ${table}, 0
    where not exists (select 1 from sqlite_sequence where name = ${table})`.execute(db);
  await sql`update sqlite_sequence set seq = max(seq, ${largest}, ${floor}) where name = ${table}`.execute(db);
}
