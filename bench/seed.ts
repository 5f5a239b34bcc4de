import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql, type Kysely } from "kysely";
import { dropPostgresSchema, openDatabase, type Database } from "../apps/server/src/platform/db/database.ts";
import { migrateToLatest } from "../apps/server/src/platform/db/migrate.ts";
import type { DB } from "../apps/server/src/platform/db/schema.ts";
import { migrationsFor } from "../apps/server/src/db/migrations/index.ts";
import { createAdmin } from "../apps/server/src/db/seed/admin.ts";
import { hashPassword } from "../apps/server/src/platform/auth/password.ts";
// The repository file rather than the feature's index (which re-exports it): the seeder needs the
// SQL only, not the routes, services and auth that the index pulls in.
import { recountCategories } from "../apps/server/src/features/categories/categories.repo.ts";
import { createSearchEngine } from "../apps/server/src/features/search/search.engine.ts";
import { planForum, type PlanSamples } from "./plan.ts";
import { createProgress } from "./progress.ts";
import { assignRoles, maxId, syncPostgresSequences, writeForum, writePointsLedger } from "./seed-write.ts";
import { categoryCount, isSizeName, sizeNames, sizes, type SizeName } from "./sizes.ts";

/**
 * Seeds a benchmark database: `admin` first (so the server never adds the demo community), then
 * users, categories, discussions and comments in multi-row inserts inside transactions, then the
 * category counts. A marker file in the data dir records a complete seed.
 */

/** Bump when the generated data changes shape: older seeds are then redone. */
const SEED_VERSION = 5;
const DEFAULT_RANDOM_SEED = 20_240_601;
export const BENCH_ADMIN_PASSWORD = "bench-admin-password";
/** The password of `samples.memberName`, the member the bench signs in as. */
export const BENCH_MEMBER_PASSWORD = "bench-member-password";
const MARKER_FILE = "bench-seed.json";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const benchRoot = path.join(repoRoot, ".bench");

export interface SeedTarget {
  size: SizeName;
  /** The server's PARLEY_DATA_DIR; holds parley.sqlite (SQLite) and the marker file. */
  dataDir: string;
  /** `postgres://…` to seed PostgreSQL instead of SQLite. */
  databaseUrl: string | null;
  /** PostgreSQL schema the data lives in (dropped and recreated by a new seed). */
  schema: string | null;
}

export interface SeedMarker {
  version: number;
  complete: boolean;
  size: SizeName;
  database: string;
  migrations: string[];
  randomSeed: number;
  counts: { categories: number; users: number; discussions: number; comments: number };
  samples: PlanSamples | null;
  startedAt: string;
  seconds: number | null;
}

export interface SeedOptions extends SeedTarget {
  randomSeed?: number;
  /** "Now" for the generated dates (default: the current hour). */
  now?: number;
  progress?: boolean;
  /** Reseed even a database this seeder did not create. */
  force?: boolean;
  log?: (line: string) => void;
}

/** `.bench/<size>` for SQLite; `.bench/<size>-postgres` and schema `bench_<size>` for PostgreSQL. */
export function defaultTarget(size: SizeName, databaseUrl: string | null = null): SeedTarget {
  return {
    size,
    dataDir: path.join(benchRoot, databaseUrl ? `${size}-postgres` : size),
    databaseUrl,
    schema: databaseUrl ? `bench_${size}` : null,
  };
}

/** The DATABASE_URL the server needs to find the seeded schema (`search_path` in the URL). */
export function serverDatabaseUrl(target: SeedTarget): string | null {
  if (!target.databaseUrl) return null;
  const url = new URL(target.databaseUrl);
  if (target.schema) url.searchParams.set("options", `-c search_path=${target.schema}`);
  return url.toString();
}

const sqliteFileOf = (target: SeedTarget) => path.join(target.dataDir, "parley.sqlite");
const markerFileOf = (target: SeedTarget) => path.join(target.dataDir, MARKER_FILE);

function openTarget(target: SeedTarget): Promise<Database> {
  return openDatabase({
    databaseUrl: target.databaseUrl,
    sqliteFile: sqliteFileOf(target),
    schema: target.schema ?? undefined,
    poolSize: 2,
  });
}

function readMarker(target: SeedTarget): SeedMarker | null {
  try {
    return JSON.parse(fs.readFileSync(markerFileOf(target), "utf8")) as SeedMarker;
  } catch {
    return null;
  }
}

const writeMarker = (target: SeedTarget, marker: SeedMarker) =>
  fs.writeFileSync(markerFileOf(target), `${JSON.stringify(marker, null, 2)}\n`);

const currentMigrations = (target: SeedTarget) =>
  Object.keys(migrationsFor(target.databaseUrl ? "postgres" : "sqlite"));

async function countRows(db: Kysely<DB>): Promise<SeedMarker["counts"]> {
  const count = async (table: keyof DB) => {
    const row = await db
      .selectFrom(table)
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    categories: (await count("categories")) - 1,
    users: await count("users"),
    discussions: await count("discussions"),
    comments: await count("comments"),
  };
}

type SeedStatus = { ready: true; marker: SeedMarker } | { ready: false; reason: string };

/** Whether the target holds a complete seed of its size, made by this version of the seeder. */
async function checkSeed(target: SeedTarget): Promise<SeedStatus> {
  const marker = readMarker(target);
  if (!marker) return { ready: false, reason: "not seeded yet" };
  if (!marker.complete) return { ready: false, reason: "the last seed did not finish" };
  if (marker.version !== SEED_VERSION || marker.size !== target.size) {
    return { ready: false, reason: "the seeder has changed since" };
  }
  if (marker.migrations.join() !== currentMigrations(target).join()) {
    return { ready: false, reason: "the migrations have changed since" };
  }
  if (!target.databaseUrl && !fs.existsSync(sqliteFileOf(target)))
    return { ready: false, reason: "the database file is gone" };
  const database = await openTarget(target);
  try {
    if (marker.database !== database.describe) return { ready: false, reason: "it was seeded into another database" };
    const counts = await countRows(database.db);
    if (JSON.stringify(counts) !== JSON.stringify(marker.counts)) {
      return { ready: false, reason: "the database no longer has the seeded rows" };
    }
  } catch (error) {
    return {
      ready: false,
      reason: `the database cannot be read (${error instanceof Error ? error.message : String(error)})`,
    };
  } finally {
    await database.close();
  }
  return { ready: true, marker };
}

/** Empties the target; refuses a database with users that this seeder did not start. */
async function resetTarget(target: SeedTarget, force: boolean): Promise<void> {
  fs.mkdirSync(target.dataDir, { recursive: true });
  if (!readMarker(target) && !force) {
    const database = await openTarget(target);
    let users = 0;
    try {
      users = (await countRows(database.db)).users;
    } catch {
      users = 0; // no tables yet
    } finally {
      await database.close();
    }
    if (users > 0) {
      throw new Error(
        `${target.databaseUrl ? `Schema ${target.schema}` : sqliteFileOf(target)} already holds a forum that the bench ` +
          "seeder did not create; pass --force to replace it.",
      );
    }
  }
  if (target.databaseUrl) {
    if (!target.schema) throw new Error("Seeding PostgreSQL needs a schema of its own (it is dropped first).");
    await dropPostgresSchema(target.databaseUrl, target.schema);
  } else {
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${sqliteFileOf(target)}${suffix}`, { force: true });
  }
}

/** Seeds the target from scratch at its size; returns the marker written once complete. */
async function seedBenchDatabase(options: SeedOptions): Promise<SeedMarker> {
  const spec = sizes[options.size];
  const log = options.log ?? ((line: string) => console.log(line));
  const randomSeed = options.randomSeed ?? DEFAULT_RANDOM_SEED;
  const now = options.now ?? Math.floor(Date.now() / 3_600_000) * 3_600_000;
  const started = Date.now();

  await resetTarget(options, options.force ?? false);
  const database = await openTarget(options);
  const marker: SeedMarker = {
    version: SEED_VERSION,
    complete: false,
    size: options.size,
    database: database.describe,
    migrations: currentMigrations(options),
    randomSeed,
    counts: { categories: 0, users: 0, discussions: 0, comments: 0 },
    samples: null,
    startedAt: new Date(started).toISOString(),
    seconds: null,
  };
  writeMarker(options, marker);
  log(`Seeding ${database.describe} at size "${spec.name}": ${spec.description}.`);
  try {
    const { db } = database;
    await migrateToLatest(database);
    const adminID = await createAdmin(db, BENCH_ADMIN_PASSWORD);
    if (database.dialect === "sqlite") {
      // A throwaway database: trade durability for speed while it is written.
      await sql`pragma synchronous = OFF`.execute(db);
      await sql`pragma cache_size = -262144`.execute(db);
    }
    const ids = {
      user: (await maxId(db, "users")) + 1,
      category: (await maxId(db, "categories")) + 1,
      discussion: (await maxId(db, "discussions")) + 1,
      comment: (await maxId(db, "comments")) + 1,
    };
    const plan = planForum(spec, { seed: randomSeed, now, ids });
    const total = spec.users + categoryCount(spec) + spec.discussions + spec.comments;
    const progress = createProgress(total, options.progress ?? true);
    try {
      await writeForum(db, plan, adminID, randomSeed, progress);
      progress.phase("counts");
      const memberPasswordHash = await hashPassword(BENCH_MEMBER_PASSWORD);
      await db.transaction().execute(async (trx) => {
        await recountCategories(trx);
        await assignRoles(trx);
        // Hashed by the app's own code, so the bench signs in through /api/v2/authenticate/password.
        await trx
          .updateTable("users")
          .set({ passwordHash: memberPasswordHash })
          .where("name", "=", plan.samples.memberName)
          .execute();
      });
      progress.phase("points ledger");
      await writePointsLedger(db, database.dialect);
      progress.phase("finishing");
      if (database.dialect === "postgres") {
        await syncPostgresSequences(db);
        await sql`analyze`.execute(db);
      } else {
        await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
      }
    } finally {
      progress.stop();
    }
    // The search index in one pass after the rows (the triggers' queue is dropped, not drained row by row).
    const indexStarted = Date.now();
    const indexProgress = createProgress(total, options.progress ?? true);
    indexProgress.phase("search index");
    let indexed = 0;
    try {
      await createSearchEngine(database).indexer.rebuild({
        onProgress(done) {
          indexProgress.add(done - indexed);
          indexed = done;
        },
      });
    } finally {
      indexProgress.stop();
    }
    log(`Built the search index in ${((Date.now() - indexStarted) / 1000).toFixed(1)} s.`);
    // As autovacuum leaves a table that has settled: hint bits and the visibility map set, so the first
    // reads of a bench do not write every page they touch.
    if (database.dialect === "postgres")
      await sql`vacuum (analyze) "searchDocuments", "searchTitles", "discussions", "comments", "users"`.execute(db);
    const counts = await countRows(db);
    const expected = {
      categories: categoryCount(spec),
      users: spec.users + 1,
      discussions: spec.discussions,
      comments: spec.comments,
    };
    if (JSON.stringify(counts) !== JSON.stringify(expected)) {
      throw new Error(`Seeded ${JSON.stringify(counts)}, expected ${JSON.stringify(expected)}.`);
    }
    Object.assign(marker, { complete: true, counts, samples: plan.samples, seconds: (Date.now() - started) / 1000 });
    writeMarker(options, marker);
    const rows = total + 1;
    log(
      `Seeded ${rows.toLocaleString("en-US")} rows in ${marker.seconds!.toFixed(1)} s (${Math.round(rows / marker.seconds!).toLocaleString("en-US")} rows/s).`,
    );
    return marker;
  } finally {
    await database.close();
  }
}

/** Seeds when the target has no complete seed yet; returns the marker either way. */
export async function ensureSeeded(options: SeedOptions): Promise<{ marker: SeedMarker; seeded: boolean }> {
  const status = await checkSeed(options);
  const log = options.log ?? ((line: string) => console.log(line));
  if (status.ready) {
    log(`Using the ${options.size} data set seeded ${status.marker.startedAt} (${status.marker.database}).`);
    return { marker: status.marker, seeded: false };
  }
  log(`Seeding the ${options.size} data set: ${status.reason}.`);
  return { marker: await seedBenchDatabase(options), seeded: true };
}

const displayPath = (dir: string) => {
  const relative = path.relative(process.cwd(), dir);
  return relative.startsWith("..") ? dir : relative || ".";
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: "string", default: "nodebb" },
      "data-dir": { type: "string" },
      "database-url": { type: "string" },
      schema: { type: "string" },
      seed: { type: "string" },
      force: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(
      "Usage: tsx bench/seed.ts [--size=small|nodebb|large] [--data-dir=DIR] [--database-url=postgres://…]\n" +
        "                         [--schema=bench_<size>] [--seed=N] [--force]",
    );
    return;
  }
  const size = values.size;
  if (!isSizeName(size)) throw new Error(`--size must be one of ${sizeNames.join(", ")}, got "${size}".`);
  const databaseUrl = values["database-url"] ?? null;
  const target = defaultTarget(size, databaseUrl);
  if (values["data-dir"]) target.dataDir = path.resolve(values["data-dir"]);
  if (values.schema) target.schema = values.schema;
  const randomSeed = values.seed === undefined ? undefined : Number(values.seed);
  if (randomSeed !== undefined && !Number.isInteger(randomSeed)) throw new Error(`--seed must be an integer.`);
  await seedBenchDatabase({ ...target, force: values.force, ...(randomSeed === undefined ? {} : { randomSeed }) });
  const server = serverDatabaseUrl(target);
  console.log(
    `Start a server on it with PARLEY_DATA_DIR=${displayPath(target.dataDir)}` +
      (server ? ` DATABASE_URL='${server}'` : ""),
  );
}

if (path.resolve(process.argv[1] ?? "") === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
