import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import {
  ExportFormatError,
  importVanilla,
  ImportRefused,
  openPorterSource,
  openVanillaSource,
  type ImportReport,
  type ImportSource,
} from "../features/import/index.ts";
import { openDatabase, type Database } from "../platform/db/database.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";
import { createStorage } from "../platform/storage/index.ts";
import { loadConfigOrExit, openConfiguredDatabase } from "../server.ts";

/**
 * `npm run import -- vanilla mysql://user:pass@host/db [--prefix GDN_] [--dry-run] [--batch-size 1000]` reads a
 * live Vanilla database, `npm run import -- porter export.txt[.gz] [--dry-run]` a porter export file (either with
 * `--uploads path/to/vanilla/uploads` to copy its files: attachments, members' photos), into the
 * configured database (SQLite in the data dir, or DATABASE_URL's PostgreSQL), which it migrates first, without the
 * demo community or an admin (docs/features/import.md).
 */
const usage =
  "Usage: npm run import -- vanilla mysql://user:pass@host/database [--prefix GDN_] [--dry-run] [--uploads dir]\n" +
  "       npm run import -- porter path/to/export.txt[.gz] [--dry-run] [--uploads dir]";
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    prefix: { type: "string", default: "GDN_" },
    "dry-run": { type: "boolean", default: false },
    "batch-size": { type: "string", default: "1000" },
    uploads: { type: "string" },
    help: { type: "boolean", default: false },
  },
});
const [kind, url] = positionals;
const batchSize = Number(values["batch-size"]);
if (values.help || (kind !== "vanilla" && kind !== "porter") || !url || !Number.isInteger(batchSize) || batchSize < 1) {
  console.error(usage);
  process.exit(values.help ? 0 : 2);
}
if (values.uploads !== undefined && !fs.statSync(values.uploads, { throwIfNoEntry: false })?.isDirectory()) {
  console.error(
    `--uploads ${values.uploads}: no such folder (Vanilla's uploads folder, holding userpics/, FileUpload/…).`,
  );
  process.exit(2);
}

function printReport(report: ImportReport): void {
  console.log(report.dryRun ? "Dry run: nothing was written." : "Import finished.");
  for (const table of report.tables) {
    console.log(
      `  ${table.table}: ${table.read} read, ${table.imported} ${report.dryRun ? "to import" : "imported"}` +
        `${Object.keys(table.skipped).length ? ", skipped:" : ""}`,
    );
    for (const [reason, count] of Object.entries(table.skipped)) console.log(`    ${count} ${reason}`);
  }
  for (const [what, count] of Object.entries(report.notes)) console.log(`  note: ${count} ${what}`);
  if (report.indexed !== null) console.log(`  search index rebuilt: ${report.indexed} records`);
}

async function isMigrated(database: Database): Promise<boolean> {
  try {
    await sql`select 1 from "users" limit 1`.execute(database.db);
    return true;
  } catch {
    return false;
  }
}

async function scratchDatabase(): Promise<Database> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-import-"));
  const scratch = await openDatabase({ databaseUrl: null, sqliteFile: path.join(dir, "dry-run.sqlite") });
  await migrateToLatest(scratch);
  return {
    ...scratch,
    close: async () => {
      await scratch.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config);
// Imported files go where the server keeps uploads: `<dataDir>/uploads`, or the configured bucket.
const storage = await createStorage(config.storage, config.dataDir);
try {
  const source: ImportSource =
    kind === "porter" ? await openPorterSource(url) : await openVanillaSource(url, values.prefix);
  try {
    const dryRun = values["dry-run"];
    if (!dryRun) await migrateToLatest(database);
    console.error(`${dryRun ? "Checking" : "Importing"} ${source.describe} into ${database.describe}…`);
    // A dry run writes nothing, not even the schema: against a target not migrated yet, it checks against an
    // empty migrated copy in a temporary folder instead.
    const scratch = dryRun && !(await isMigrated(database)) ? await scratchDatabase() : null;
    try {
      printReport(
        await importVanilla({
          source,
          database: scratch ?? database,
          dryRun,
          batchSize,
          log: (line) => console.error(line),
          ...(values.uploads === undefined ? {} : { uploads: { from: values.uploads, to: storage } }),
        }),
      );
    } finally {
      await scratch?.close();
    }
  } finally {
    await source.close();
  }
} catch (error) {
  if (!(error instanceof ImportRefused) && !(error instanceof ExportFormatError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  storage.close();
  await database.close();
}
