import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "../../scripts/build.mjs";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const serverEntry = path.join(repoRoot, "apps/server/dist/main.js");
/** The password of the seeded "admin" account. */
export const adminPassword = "e2e-admin-password";
const defaultStartupTimeoutMs = 30_000;
const outputLimit = 20_000;

/** A message the server wrote to `<PARLEY_DATA_DIR>/outbox/*.json` (no SMTP configured). */
export interface OutboxMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  dateInserted: string;
}

export interface RunningServer {
  baseUrl: string;
  /** The server's PARLEY_DATA_DIR (removed by `stop`). */
  dataDir: string;
  /** Every message in the outbox, oldest first. */
  readOutbox(): Promise<OutboxMail[]>;
  /** Everything the server wrote to stderr so far (the tail of it). */
  stderr(): string;
  /** Everything the server wrote to stdout so far (the tail of it: its log lines). */
  stdout(): string;
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL: no shutdown, no flush), leaving the data directory in place. */
  kill(): Promise<void>;
  /** How the process ended (-1: by a signal); null while it runs. */
  exitCode(): number | null;
}

/**
 * Builds the web client and server bundle unless the last build is still fresh. Vitest sets
 * NODE_ENV=test, and Vite would then emit development bundles (the SSR entry calls `jsxDEV`, which
 * production React does not have), so the build runs with NODE_ENV=production.
 */
async function ensureBuilt(): Promise<void> {
  const nodeEnv = process.env["NODE_ENV"];
  process.env["NODE_ENV"] = "production";
  try {
    // The freshness stamp lives next to the bundle; without the bundle, build whatever the stamp says.
    await build({ ifNeeded: existsSync(serverEntry), quiet: true });
  } finally {
    if (nodeEnv === undefined) delete process.env["NODE_ENV"];
    else process.env["NODE_ENV"] = nodeEnv;
  }
}

/** A port nobody listens on: ask the OS for one, then give it back. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("Could not find a free port."))));
    });
  });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
    if (!response.ok) return false;
    const body = (await response.json()) as { status?: string };
    return body.status === "ok";
  } catch {
    return false;
  }
}

export interface StartOptions {
  /** Extra or overriding environment variables for the server process. */
  env?: Record<string, string>;
  startupTimeoutMs?: number;
  /** Start on this data directory (a restart keeps its database); it is then left in place by `stop`. */
  dataDir?: string;
  /** Listen on this port (a restart where the process was, behind a proxy that knows it); else a free one. */
  port?: number;
}

/** The variables that change what a first start writes (the admin account, the demo community, the database). */
const bootstrapVariables = new Set(["PARLEY_SEED", "PARLEY_ADMIN_PASSWORD", "DATABASE_URL", "PARLEY_DATA_DIR"]);

/** Templates are made again after this long: the demo community's dates are relative to its seeding. */
const templateLifetimeMs = 15 * 60_000;

/**
 * A data directory on which the built server has migrated and seeded the demo community and then stopped
 * cleanly: a browser file's server starts on a copy of it (migrating and seeding took about 3 of a fresh
 * start's 7.7 s, once per file, 90 files a run: issue 27's CI budget). One per server build and quarter
 * of an hour, shared by the run's workers: each makes its own beside it and renames it into place, and the
 * first rename wins (a rename over a directory that has files fails, and the loser's copy is removed).
 */
async function seededTemplate(): Promise<string> {
  const build = await stat(serverEntry);
  const bucket = Math.floor(Date.now() / templateLifetimeMs);
  const prefix = "parley-e2e-template-";
  const template = path.join(tmpdir(), `${prefix}${Math.round(build.mtimeMs)}-${build.size}-${bucket}`);
  if (existsSync(template)) return template;
  const making = `${template}-${process.pid}`;
  try {
    const server = await startServer({ dataDir: making, startupTimeoutMs: 60_000 });
    await server.stop();
  } catch (error) {
    await rm(making, { recursive: true, force: true });
    throw error;
  }
  try {
    await rename(making, template);
  } catch (error) {
    if (!existsSync(template)) throw error;
    await rm(making, { recursive: true, force: true });
  }
  // Templates of other builds or earlier quarters, made over an hour ago (each is used for a quarter of an hour).
  for (const name of await readdir(tmpdir())) {
    if (!name.startsWith(prefix) || path.join(tmpdir(), name) === template) continue;
    const other = path.join(tmpdir(), name);
    const { mtimeMs } = await stat(other).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > 60 * 60_000) await rm(other, { recursive: true, force: true });
  }
  return template;
}

/**
 * Starts the built server with the demo community on a fresh SQLite file (a copy of the seeded template unless
 * `env` changes what a first start writes); resolves once /healthz says ok.
 */
export async function startServer({
  env = {},
  startupTimeoutMs = defaultStartupTimeoutMs,
  dataDir: givenDataDir,
  port: givenPort,
}: StartOptions = {}): Promise<RunningServer> {
  await ensureBuilt();
  const port = givenPort ?? (await findFreePort());
  const dataDir = givenDataDir ?? (await mkdtemp(path.join(tmpdir(), "parley-e2e-")));
  if (!givenDataDir && !Object.keys(env).some((name) => bootstrapVariables.has(name))) {
    await cp(await seededTemplate(), dataDir, { recursive: true });
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  // The embedded SQLite database and in-process events, whatever the outer environment points at.
  const inherited = { ...process.env };
  delete inherited["DATABASE_URL"];
  delete inherited["REDIS_URL"];
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      // The address it serves: links in pages and e-mails, and the CSRF check's own origin.
      PARLEY_PUBLIC_URL: baseUrl,
      PARLEY_DATA_DIR: dataDir,
      PARLEY_SEED: "demo",
      PARLEY_ADMIN_PASSWORD: adminPassword,
      // Every browser of a run is one address; the per-address limits have tests of their own.
      PARLEY_SEARCH_LIMIT: "0",
      PARLEY_GUEST_API_LIMIT: "0",
      // Its members are all new; the limits for new members have a test of their own that sets them.
      PARLEY_NEW_MEMBER_LIMITS: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  // An object, not a `let`: the exit handler changes it, which TypeScript's narrowing cannot see.
  const status: { exitCode: number | null } = { exitCode: null };
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-outputLimit);
  });
  // Kept for the message of a start that fails (what the server printed before it stopped or hung).
  let stdout = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout = (stdout + chunk).slice(-outputLimit);
  });
  // A test that times out never reaches its `stop`: the server ends with the test process, not after it.
  const killWithUs = () => child.kill("SIGKILL");
  process.once("exit", killWithUs);
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      status.exitCode = code ?? (signal ? -1 : 0);
      process.off("exit", killWithUs);
      resolve();
    }),
  );

  const stop = async () => {
    if (status.exitCode === null) {
      child.kill("SIGTERM");
      const forced = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(forced);
    }
    if (!givenDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + startupTimeoutMs;
  while (!(await isHealthy(baseUrl))) {
    const { exitCode } = status;
    if (exitCode !== null || Date.now() > deadline) {
      const reason =
        exitCode !== null ? `exited with code ${exitCode}` : `did not answer /healthz within ${startupTimeoutMs} ms`;
      await stop();
      throw new Error(
        `The Parley server (${serverEntry}) ${reason}.\n--- server stderr ---\n${stderr || "(empty)"}` +
          `\n--- server stdout ---\n${stdout.slice(-4_000) || "(empty)"}`,
      );
    }
    await delay(100);
  }
  return {
    baseUrl,
    dataDir,
    readOutbox: () => readOutboxDir(path.join(dataDir, "outbox")),
    stderr: () => stderr,
    stdout: () => stdout,
    stop,
    kill: async () => {
      if (status.exitCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
    },
    exitCode: () => status.exitCode,
  };
}

/** The outbox's JSON files, oldest first (their names start with the time they were written). */
async function readOutboxDir(outboxDir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith(".json")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return Promise.all(
    names.map(async (name) => JSON.parse(await readFile(path.join(outboxDir, name), "utf8")) as OutboxMail),
  );
}
