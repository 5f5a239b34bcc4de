import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { dropPostgresSchema, openDatabase } from "../apps/server/src/platform/db/database.ts";
import { dropSource, ensureSource, sourceCounts, type SourceSize } from "./import-source.ts";
import { build } from "../scripts/build.mjs";
import { benchRoot, repoRoot } from "./seed.ts";

/**
 * What `npm run import` runs, read from package.json's script (`node <flags> scripts/import.mjs`), so that the
 * measured process is the one an operator starts, with the same heap settings.
 */
const importCommand = (() => {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const [program, ...words] = manifest.scripts["import"]!.split(/\s+/);
  if (program !== "node") throw new Error(`npm run import runs ${program}, not node: bench/import.ts cannot time it.`);
  return { nodeArgs: words.slice(0, -1), script: words.at(-1)! };
})();

/**
 * `npm run bench:import` (issue 35): fills a Vanilla-shaped MariaDB database of its own (bench/import-source.ts),
 * then runs the real import (`npm run import -- vanilla mysql://…`: scripts/import.mjs, the bundle of apps/server/src/cli/import.ts) as a child
 * process into a fresh SQLite file and, with --database-url, into a fresh PostgreSQL schema; it times each, samples
 * the child's peak memory, prints the import's rows/s per table and checks the imported counts against the
 * source's. The MariaDB database is dropped at the end unless --keep.
 */
const usage = `Usage: npm run bench:import -- [options]
  --discussions=N        discussions in the source (default 100000)
  --comments=N           comments (default 1000000)
  --users=N              members (default 10000)
  --categories=N         categories (default 50)
  --engines=sqlite,postgres   targets, in this order (default: sqlite, and postgres with --database-url)
  --database-url=postgres://… the PostgreSQL to import into (schema ${"bench_import"}, dropped first)
  --batch-size=N         the import's --batch-size (default: the import's own, 1000)
  --cpu-prof             write a V8 CPU profile of each import to .bench/profiles/
  --keep                 keep the MariaDB database (a later run with the same sizes does not refill it)`;

const SOURCE_DATABASE = "parley_import_bench";
const SCHEMA = "bench_import";

const { values } = parseArgs({
  options: {
    discussions: { type: "string", default: "100000" },
    comments: { type: "string", default: "1000000" },
    users: { type: "string", default: "10000" },
    categories: { type: "string", default: "50" },
    engines: { type: "string" },
    "database-url": { type: "string" },
    "batch-size": { type: "string" },
    "cpu-prof": { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const positive = (name: keyof SourceSize): number => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a positive integer.\n${usage}`);
    process.exit(2);
  }
  return value;
};
const size: SourceSize = {
  discussions: positive("discussions"),
  comments: positive("comments"),
  users: positive("users"),
  categories: positive("categories"),
};
const databaseUrl = values["database-url"] ?? null;
const engines = (values.engines ?? (databaseUrl ? "sqlite,postgres" : "sqlite")).split(",");
if (
  engines.some((engine) => engine !== "sqlite" && engine !== "postgres") ||
  (engines.includes("postgres") && !databaseUrl)
) {
  console.error(`--engines takes sqlite and postgres (postgres with --database-url).\n${usage}`);
  process.exit(2);
}

interface TableFigures {
  table: string;
  read: number;
  total: number;
  rowsPerSecond: number;
  /** Seconds from the end of the step before (the previous table's last progress line) to the table's last line. */
  seconds: number;
  /** Seconds since the import started, at the table's last progress line. */
  end: number;
  /** The largest resident memory sampled while the table was read (MB). */
  rssMb: number;
}

interface ImportRun {
  engine: string;
  seconds: number;
  peakRssMb: number;
  tables: TableFigures[];
  /** Seconds of the steps after the tables: recounting, then the search index. */
  /** Seconds until the import began: node's start, loading the bundle, migrating the target. */
  startupSeconds: number | null;
  recountSeconds: number | null;
  indexSeconds: number | null;
  /** The largest resident memory sampled while recounting, and while rebuilding the search index (MB). */
  recountRssMb: number | null;
  indexRssMb: number | null;
  /** Source table → [source rows, imported (the report), rows in the target's table]. */
  counts: Array<{ table: string; source: number; imported: number; target: number | null; skipped: string[] }>;
  exitCode: number | null;
}

/** The source tables and the target tables holding them, row for row. */
const TARGET_TABLES: Record<string, string> = {
  User: "users",
  UserRole: "userRoles",
  Category: "categories",
  Discussion: "discussions",
  Comment: "comments",
  TagDiscussion: "tagDiscussions",
  UserTag: "reactions",
  UserDiscussion: "userDiscussions",
  Conversation: "conversations",
  ConversationMessage: "conversationMessages",
  UserConversation: "userConversations",
};

/** The process's resident memory now and its peak so far (the kernel's high-water mark), MB; null once gone. */
const memoryOf = (pid: number): { rss: number; hwm: number } | null => {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const rss = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0) / 1024;
    return { rss, hwm: Math.max(rss, Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0) / 1024) };
  } catch {
    return null;
  }
};

async function runImport(engine: string, source: Record<string, number>): Promise<ImportRun> {
  const dataDir = path.join(benchRoot, "import", engine);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, PARLEY_DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  delete env["DATABASE_URL"];
  if (engine === "postgres") {
    await dropPostgresSchema(databaseUrl!, SCHEMA);
    const url = new URL(databaseUrl!);
    url.searchParams.set("options", `-c search_path=${SCHEMA}`);
    env["DATABASE_URL"] = url.toString();
    // Created empty here: the import migrates it.
    const created = await openDatabase({ databaseUrl: databaseUrl!, sqliteFile: "", schema: SCHEMA, poolSize: 1 });
    await created.close();
  }
  const profileDir = path.join(benchRoot, "profiles");
  const nodeArgs = values["cpu-prof"]
    ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=import-${engine}-${Date.now()}.cpuprofile`]
    : [];
  const args = [
    ...importCommand.nodeArgs,
    ...nodeArgs,
    importCommand.script,
    "vanilla",
    `mysql://root@127.0.0.1:3306/${SOURCE_DATABASE}`,
    ...(values["batch-size"] ? ["--batch-size", values["batch-size"]] : []),
  ];
  console.log(`\n== ${engine}: node ${args.join(" ")}`);
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  const pid = child.pid!;
  let peak = 0;
  // [seconds since the start, VmRSS]: each step's largest is found afterwards from its start and end.
  const rssSamples: Array<[number, number]> = [];
  const sampler = setInterval(() => {
    const memory = memoryOf(pid);
    if (!memory) return;
    peak = Math.max(peak, memory.hwm);
    rssSamples.push([(performance.now() - started) / 1000, memory.rss]);
  }, 100);

  // A table's seconds: from the end of what came before it (the previous table's last line) to its own last line.
  const tables = new Map<string, TableFigures>();
  let previousEnd = 0;
  let startupSeconds: number | null = null;
  let recountAt: number | null = null;
  let indexAt: number | null = null;
  const stdout: string[] = [];
  const progress = /^(\w+): ([\d,]+)\/([\d,]+) read, .* ([\d,]+) rows\/s$/;
  const num = (text: string) => Number(text.replaceAll(",", ""));
  let pending = "";
  child.stderr.on("data", (chunk: Buffer) => {
    const now = (performance.now() - started) / 1000;
    const lines = (pending + chunk.toString("utf8")).split("\n");
    pending = lines.pop()!;
    for (const line of lines) {
      const match = progress.exec(line);
      if (match) {
        const [, table, read, total, rate] = match;
        const entry = tables.get(table!) ?? {
          table: table!,
          read: 0,
          total: 0,
          rowsPerSecond: 0,
          seconds: 0,
          end: 0,
          rssMb: 0,
        };
        if (!tables.has(table!) && tables.size > 0) previousEnd = [...tables.values()].at(-1)!.end;
        Object.assign(entry, { read: num(read!), total: num(total!), rowsPerSecond: num(rate!), end: now });
        entry.seconds = now - previousEnd;
        tables.set(table!, entry);
        process.stderr.write(`  [${now.toFixed(1).padStart(6)} s] ${line}\n`);
      } else if (line.startsWith("Importing ")) {
        // Node's start, the modules' loading and the target's migrations come before this line.
        startupSeconds = previousEnd = now;
        process.stderr.write(`  [${now.toFixed(1).padStart(6)} s] ${line}\n`);
      } else if (line.startsWith("Recounting")) {
        recountAt = now;
        process.stderr.write(`  [${now.toFixed(1).padStart(6)} s] ${line}\n`);
      } else if (line.startsWith("Rebuilding the search index")) {
        indexAt = now;
        process.stderr.write(`  [${now.toFixed(1).padStart(6)} s] ${line}\n`);
      } else if (line.trim()) process.stderr.write(`  ${line}\n`);
    }
  });
  child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk.toString("utf8")));
  const exitCode = await new Promise<number | null>((resolve) => {
    // VmHWM read at the exit event could be gone: the last sample (100 ms before) is kept.
    child.once("exit", (code) => resolve(code));
  });
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const report = stdout.join("");
  process.stdout.write(report.replace(/^/gm, "  ").trimEnd() + "\n");

  // The report's lines: "  Table: N read, M imported[, skipped:]" then "    K reason" per reason.
  const imported = new Map<string, { imported: number; skipped: string[] }>();
  let current: string | null = null;
  for (const line of report.split("\n")) {
    const head = /^ {2}(\w+): (\d+) read, (\d+) imported/.exec(line);
    if (head) {
      current = head[1]!;
      imported.set(current, { imported: Number(head[3]), skipped: [] });
    } else if (current && /^ {4}\d+ /.test(line)) imported.get(current)!.skipped.push(line.trim());
  }
  const target = await openDatabase({
    databaseUrl: engine === "postgres" ? databaseUrl : null,
    sqliteFile: path.join(dataDir, "parley.sqlite"),
    ...(engine === "postgres" ? { schema: SCHEMA } : {}),
    poolSize: 1,
  });
  const counts: ImportRun["counts"] = [];
  try {
    const order = [...imported.keys()];
    const rank = (table: string) => (order.includes(table) ? order.indexOf(table) : order.length);
    for (const [table, rows] of Object.entries(source).sort(([a], [b]) => rank(a) - rank(b))) {
      const targetTable = TARGET_TABLES[table];
      let inTarget: number | null = null;
      if (targetTable) {
        const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(targetTable)}`.execute(
          target.db,
        );
        inTarget = Number(result.rows[0]?.n ?? 0);
      }
      const line = imported.get(table);
      counts.push({
        table,
        source: rows,
        imported: line?.imported ?? 0,
        target: inTarget,
        skipped: line?.skipped ?? [],
      });
    }
  } finally {
    await target.close();
  }
  const after = (at: number | null, next: number | null) => (at === null ? null : (next ?? seconds) - at);
  const rssBetween = (from: number, to: number) =>
    rssSamples.reduce((most, [at, rss]) => (at > from && at <= to ? Math.max(most, rss) : most), 0);
  for (const table of tables.values()) table.rssMb = rssBetween(table.end - table.seconds, table.end);
  return {
    engine,
    seconds,
    peakRssMb: peak,
    tables: [...tables.values()],
    startupSeconds,
    recountSeconds: after(recountAt, indexAt),
    indexSeconds: after(indexAt, null),
    recountRssMb: recountAt === null ? null : rssBetween(recountAt, indexAt ?? seconds),
    indexRssMb: indexAt === null ? null : rssBetween(indexAt, seconds),
    counts,
    exitCode,
  };
}

const pad = (text: string | number, width: number) => String(text).padStart(width);

function printRun(run: ImportRun): boolean {
  const minutes = Math.floor(run.seconds / 60);
  console.log(
    `\n${run.engine}: ${minutes} min ${(run.seconds - minutes * 60).toFixed(1)} s (target < 10 min), ` +
      `peak RSS ${run.peakRssMb.toFixed(0)} MB (target < 300 MB), exit code ${run.exitCode}`,
  );
  // A step shorter than the 100 ms between samples has none: "-".
  const mb = (value: number | null) => pad(value ? value.toFixed(0) : "-", 8);
  console.log(`  ${"step".padEnd(22)}${pad("rows", 10)}${pad("rows/s", 10)}${pad("s", 8)}${pad("RSS MB", 8)}`);
  if (run.startupSeconds !== null)
    console.log(`  ${"start and migrations".padEnd(42)}${pad(run.startupSeconds.toFixed(1), 8)}`);
  for (const table of run.tables)
    console.log(
      `  ${table.table.padEnd(22)}${pad(table.read.toLocaleString("en-US"), 10)}` +
        `${pad(table.rowsPerSecond.toLocaleString("en-US"), 10)}${pad(table.seconds.toFixed(1), 8)}${mb(table.rssMb)}`,
    );
  if (run.recountSeconds !== null)
    console.log(`  ${"recounting".padEnd(42)}${pad(run.recountSeconds.toFixed(1), 8)}${mb(run.recountRssMb)}`);
  if (run.indexSeconds !== null)
    console.log(`  ${"search index".padEnd(42)}${pad(run.indexSeconds.toFixed(1), 8)}${mb(run.indexRssMb)}`);
  let ok = run.exitCode === 0;
  console.log(
    "  counts: source / imported / in the target's table (ok: every row there; · : matched or left by design)",
  );
  for (const count of run.counts) {
    const targetTable = TARGET_TABLES[count.table];
    // Every row the generator writes to these tables is one row of Parley's (the root category: Parley's own).
    const good =
      targetTable === undefined ||
      (count.imported === (count.table === "Category" ? count.source - 1 : count.source) &&
        count.target === count.source);
    if (!good) ok = false;
    console.log(
      `  ${targetTable === undefined ? "·   " : good ? "ok  " : "DIFF"} ${count.table.padEnd(20)}${pad(count.source, 9)}` +
        `${pad(count.imported, 9)}${pad(count.target ?? "-", 9)}` +
        (count.skipped.length ? `  skipped: ${count.skipped.join("; ")}` : ""),
    );
  }
  return ok;
}

const log = (line: string) => console.log(`  ${line}`);
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
let failed = false;
try {
  console.log(
    `Source: ${SOURCE_DATABASE} on MariaDB 127.0.0.1:3306, ${size.discussions.toLocaleString("en-US")} discussions, ` +
      `${size.comments.toLocaleString("en-US")} comments, ${size.users.toLocaleString("en-US")} members, ${size.categories} categories`,
  );
  const fill = await ensureSource(SOURCE_DATABASE, size, log);
  console.log(fill.filled ? `  filled in ${fill.seconds.toFixed(1)} s` : "  already filled (marker), kept");
  const source = sourceCounts(SOURCE_DATABASE);
  console.log(
    `  ${Object.entries(source)
      .map(([table, rows]) => `${table} ${rows.toLocaleString("en-US")}`)
      .join(", ")}`,
  );
  // Built first, so that no run includes building (scripts/import.mjs builds when the sources changed).
  await build({ ifNeeded: true });
  const runs: ImportRun[] = [];
  for (const engine of engines) {
    console.log(`load average before ${engine}: ${loadAverage()} (${os.cpus().length} cores)`);
    runs.push(await runImport(engine, source));
    console.log(`load average after ${engine}: ${loadAverage()}`);
  }
  for (const run of runs) if (!printRun(run)) failed = true;
  fs.mkdirSync(benchRoot, { recursive: true });
  const file = path.join(benchRoot, `import-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ size, source, loadAverage: os.loadavg(), runs }, null, 2)}\n`);
  console.log(`\nWritten to ${path.relative(repoRoot, file)}`);
} finally {
  if (!values.keep) dropSource(SOURCE_DATABASE);
}
if (failed) {
  console.error("\nAn import failed or its counts differ from the source's.");
  process.exitCode = 1;
}
