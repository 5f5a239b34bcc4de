import fs from "node:fs";
import { createGunzip } from "node:zlib";
import type { ImportSource, SourceRow } from "./import.source.ts";

/*
 * Vanilla's porter export file (the "Vanilla Export" format both the porter and Vanilla's own exporter write, and
 * Vanilla's importer reads), plain or gzipped, read as a stream:
 *
 *   Vanilla Export: 2.0.8, Source: phpBB 3, HashMethod: phpBB     ← header: `Key: value` pairs, comma-separated
 *                                                                   ← a blank line
 *   // a comment                                                    ← outside tables, ignored
 *   Table: User                                                     ← a table starts
 *   UserID,Name,Email,Password,DiscoveryText:text                   ← its columns (`Name:type` for extra ones)
 *   1,"alice","a@example.com","$H$9…",\N                            ← rows
 *                                                                   ← a blank line ends the table
 *
 * Rows are MySQL's LOAD DATA form (`fields terminated by ',' optionally enclosed by '"' escaped by '\\' lines
 * terminated by '\n'`): strings quoted, numbers bare, `\N` for NULL, and inside values `\\`, `\,`, `\"` and a
 * backslash before a newline that is part of the value (so a value spans lines); `\n`, `\t`, `\r`, `\0`, `\b`,
 * `\Z` are MySQL's escapes.
 */

interface Section {
  /** Offset in the (uncompressed) file of the section's first row. */
  offset: number;
  columns: string[];
  rows: number;
}

const NEWLINE = 0x0a;

/** The file's lines (without their `\n`, and a final `\r` dropped), each with the next one's offset, from `start` on. */
async function* linesOf(path: string, gzipped: boolean, start = 0): AsyncGenerator<{ line: string; next: number }> {
  // A plain file starts reading at the offset; a gzipped one is inflated from its start and skips up to it.
  const raw = fs.createReadStream(path, gzipped ? {} : { start });
  const gunzip = gzipped ? raw.pipe(createGunzip()) : null;
  const stream: AsyncIterable<Buffer> = gunzip ?? raw;
  let position = gzipped ? 0 : start;
  let pending: Buffer[] = [];
  try {
    for await (const chunk of stream) {
      let from = 0;
      if (position + chunk.length <= start) {
        position += chunk.length;
        continue;
      }
      if (position < start) from = start - position;
      for (;;) {
        const at = chunk.indexOf(NEWLINE, from);
        if (at === -1) {
          if (from < chunk.length) pending.push(chunk.subarray(from));
          break;
        }
        pending.push(chunk.subarray(from, at));
        const bytes = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
        let line = bytes.toString("utf8");
        if (line.endsWith("\r")) line = line.slice(0, -1);
        yield { line, next: position + at + 1 };
        pending = [];
        from = at + 1;
      }
      position += chunk.length;
    }
    if (pending.length) {
      let line = Buffer.concat(pending).toString("utf8");
      if (line.endsWith("\r")) line = line.slice(0, -1);
      yield { line, next: position };
    }
  } finally {
    gunzip?.destroy();
    raw.destroy();
  }
}

/** `Key: value, Key: value` (the header and `Table:` lines), as Vanilla's importer reads them. */
function parseInfoLine(line: string): Map<string, string> {
  const info = new Map<string, string>();
  for (const item of line.split(",")) {
    const colon = item.indexOf(":");
    if (colon === -1) info.set(item.trim(), "");
    else info.set(item.slice(0, colon).trim(), item.slice(colon + 1).trim());
  }
  return info;
}

/** A table's column line: names, each maybe with `:type` (whose parentheses may hold commas: `decimal(10,2)`). */
export function parseColumns(line: string): string[] {
  const columns: string[] = [];
  let depth = 0;
  let current = "";
  for (const c of line) {
    if (c === "(") depth += 1;
    else if (c === ")") depth = Math.max(0, depth - 1);
    if (c === "," && depth === 0) {
      columns.push(current);
      current = "";
    } else current += c;
  }
  columns.push(current);
  return columns.map((column) => column.split(":")[0]!.trim());
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "0": "\0", b: "\b", Z: "\x1a" };

/**
 * Reads a row from its physical lines: `feed` each line; it answers the fields once the row is whole, or null while
 * a value goes on to the next line (an escaped newline, or an unescaped one inside quotes).
 */
export function createRowReader() {
  let fields: Array<string | null> = [];
  let value = "";
  let quoted = false;
  let inQuote = false;
  let escaped = false;
  let started = false;
  const endField = () => {
    // `\N` unquoted is NULL (an escaped N as the whole field), as is a bare NULL; anything else is a string.
    fields.push(!quoted && (value === "\u0000NULL" || value === "NULL") ? null : value);
    value = "";
    quoted = false;
  };
  return {
    feed(line: string): Array<string | null> | null {
      for (let i = 0; i < line.length; i++) {
        const c = line[i]!;
        started = true;
        if (escaped) {
          escaped = false;
          if (c === "N" && value === "" && !inQuote && !quoted) value = "\u0000NULL";
          else value += ESCAPES[c] ?? c;
        } else if (c === "\\") escaped = true;
        else if (inQuote) {
          if (c !== '"') value += c;
          else if (line[i + 1] === '"') {
            value += '"';
            i += 1;
          } else inQuote = false;
        } else if (c === '"' && value === "" && !quoted) {
          quoted = true;
          inQuote = true;
        } else if (c === ",") endField();
        else value += c;
      }
      if (escaped || inQuote) {
        // The value holds the newline: the row goes on.
        escaped = false;
        value += "\n";
        return null;
      }
      if (!started) return null;
      endField();
      const row = fields;
      fields = [];
      started = false;
      return row;
    },
    /** Whether a row has begun and not ended (a blank line then belongs to its value). */
    get inRow() {
      return started;
    },
  };
}

/** Vanilla's importer's rule for a file whose header names no `HashMethod`: by its `Source`. */
function hashMethodOfHeader(header: Map<string, string>): string {
  const declared = header.get("HashMethod");
  if (declared) return declared;
  const source = (header.get("Source") ?? "").toLowerCase();
  if (source.startsWith("vanilla")) return "Vanilla";
  if (source.startsWith("vbulletin")) return "vBulletin";
  if (source.startsWith("phpbb")) return "phpBB";
  return "Unknown";
}

/** Thrown for a file that is not in the export format (with the line it stopped at). */
export class ExportFormatError extends Error {}

/**
 * Opens an export file (gzip recognised by its first bytes, whatever its name): one streaming pass reads the header
 * and where each table starts, its columns and its row count; each table is then read from its start a batch at
 * a time, never whole. A table exported in several sections is read section after section.
 */
export async function openPorterSource(path: string): Promise<ImportSource & { header: Map<string, string> }> {
  const handle = await fs.promises.open(path, "r");
  let gzipped: boolean;
  try {
    const magic = Buffer.alloc(2);
    await handle.read(magic, 0, 2, 0);
    gzipped = magic[0] === 0x1f && magic[1] === 0x8b;
  } finally {
    await handle.close();
  }

  const sections = new Map<string, Section[]>();
  let header: Map<string, string> | null = null;
  let table: { name: string; section: Section } | null = null;
  let expectColumns = false;
  let reader = createRowReader();
  let lineNumber = 0;
  for await (const { line, next } of linesOf(path, gzipped)) {
    lineNumber += 1;
    if (header === null) {
      // A byte-order mark some editors write is not part of the header.
      const first = line.replace(/^\uFEFF/, "");
      if (!first.startsWith("Vanilla")) throw new ExportFormatError(`${path} is not a Vanilla export file.`);
      header = parseInfoLine(first);
      continue;
    }
    if (table && expectColumns) {
      table.section.columns = parseColumns(line);
      table.section.offset = next;
      expectColumns = false;
    } else if (table) {
      if (line === "" && !reader.inRow) {
        table = null;
        continue;
      }
      if (reader.feed(line)) table.section.rows += 1;
    } else if (line === "" || line.startsWith("//")) continue;
    else {
      const info = parseInfoLine(line);
      const name = info.get("Table");
      if (!name) throw new ExportFormatError(`${path}: a table was expected at line ${lineNumber}.`);
      const section: Section = { offset: 0, columns: [], rows: 0 };
      sections.set(name, [...(sections.get(name) ?? []), section]);
      table = { name, section };
      expectColumns = true;
      reader = createRowReader();
    }
  }
  if (header === null) throw new ExportFormatError(`${path} is empty.`);
  const fileHeader = header;

  return {
    header: fileHeader,
    describe: path,
    defaultHashMethod: hashMethodOfHeader(fileHeader),
    hasTable: (name) => Promise.resolve(sections.has(name)),
    columns: (name) => Promise.resolve([...new Set((sections.get(name) ?? []).flatMap((s) => s.columns))]),
    count: (name) => Promise.resolve((sections.get(name) ?? []).reduce((sum, s) => sum + s.rows, 0)),
    async *batches(name, _key, batchSize) {
      for (const section of sections.get(name) ?? []) {
        if (section.rows === 0) continue;
        const rows = createRowReader();
        let batch: SourceRow[] = [];
        let read = 0;
        for await (const { line } of linesOf(path, gzipped, section.offset)) {
          if (line === "" && !rows.inRow) break;
          const fields = rows.feed(line);
          if (!fields) continue;
          const row: SourceRow = {};
          section.columns.forEach((column, i) => (row[column] = fields[i] ?? null));
          batch.push(row);
          read += 1;
          if (batch.length >= batchSize) {
            yield batch;
            batch = [];
          }
          if (read >= section.rows) break;
        }
        if (batch.length) yield batch;
      }
    },
    close: () => Promise.resolve(),
  };
}
