/** A source row: column name → value (mysql2's strings, numbers and Buffers; an export file's strings and NULLs). */
export type SourceRow = Record<string, unknown>;

/**
 * Where a Vanilla-shaped forum is read from: a live Vanilla database (`vanilla.source.ts`) or a porter export
 * file (`porter.source.ts`). Tables are named without a prefix (`User`, `Discussion`); the import reads them
 * through this alone, so both share one mapping and one writer (`vanilla.import.ts`).
 */
export interface ImportSource {
  /** What is read, for messages (`mysql://user@host/db` without the password, or the file's path). */
  describe: string;
  /**
   * The hash method of a member row without a `HashMethod` of its own: Vanilla's for a Vanilla database; for an
   * export file, its header's `HashMethod`, else the one its `Source` implies (as Vanilla's importer decides).
   */
  defaultHashMethod: string;
  hasTable(table: string): Promise<boolean>;
  columns(table: string): Promise<string[]>;
  count(table: string): Promise<number>;
  /**
   * The table's rows in batches: a database's ascending by the key columns (its primary key, one or more),
   * a file's in the file's order (the key is then unused).
   */
  batches(table: string, key: readonly string[], batchSize: number): AsyncGenerator<SourceRow[]>;
  close(): Promise<void>;
}
