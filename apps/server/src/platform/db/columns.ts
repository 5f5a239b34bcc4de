import type { ColumnDefinitionBuilder, CreateTableBuilder } from "kysely";
import type { DialectName } from "./database.ts";

/**
 * Portable column helpers for migrations: the only place where the two engines' DDL differs.
 */
export function withId<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
  column: string,
  dialect: DialectName,
): CreateTableBuilder<T, C> {
  return dialect === "postgres"
    ? table.addColumn(column, "serial", (col) => col.primaryKey())
    : table.addColumn(column, "integer", (col) => col.primaryKey().autoIncrement());
}

/** A date-time column: timestamptz on PostgreSQL, RFC 3339 text on SQLite. */
export const dateType = (dialect: DialectName) => (dialect === "postgres" ? "timestamptz" : "text");

/** A 0/1 column, 0 unless set. */
export const flag = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);
/** A count kept in the row, starting at 0 (changed only by increments in the write's transaction). */
export const counter = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);
