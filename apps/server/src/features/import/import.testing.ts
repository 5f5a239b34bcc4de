import type { ImportReport } from "./index.ts";

/** One table's line of an import's report (read, imported, skipped with reasons). */
export const tableOf = (report: ImportReport, table: string) => report.tables.find((entry) => entry.table === table)!;

/** The report's lines by table name, to match several at once. */
export const tablesOf = (report: ImportReport) =>
  Object.fromEntries(report.tables.map((entry) => [entry.table, entry]));
