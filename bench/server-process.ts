import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { BENCH_MEMBER_PASSWORD } from "./seed.ts";

/** The built server (`node apps/server/dist/main.js`) as a child process on a free local port. */
export interface ServerProcess {
  pid: number;
  baseUrl: string;
  /** From spawn to the first answered /healthz. */
  startupMs: number;
  /** The last lines the server wrote: its start banner, then (LOG_LEVEL=warn) usually nothing. */
  output(): string[];
  /** Warnings and errors written since the start: pino lines at level ≥ 40 and anything on stderr. */
  warningCount(): number;
  /** Null while running, else how it ended ("code 1", "signal SIGKILL"). */
  exitStatus(): string | null;
  stop(): Promise<void>;
  /** Synchronous last resort, for process exit. */
  kill(): void;
}

export interface ServerOptions {
  repoRoot: string;
  dataDir: string;
  databaseUrl: string | null;
  nodeEnv: string;
  /** Write a V8 CPU profile of the server into this directory when it stops. */
  cpuProfileDir?: string | null;
  adminPassword: string;
  /** Extra node options for the server (`--max-semi-space-size=8`), after those `npm start` uses. */
  nodeFlags?: string[];
  /** Redis (REDIS_URL): the processes of a cluster share their caches' invalidations, limits and events. */
  redisUrl?: string | null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

interface SpawnOptions {
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  port: number;
  /** Path answered with 200 once the process is ready. */
  readyPath: string;
  label: string;
}

/** Spawns a Node process serving HTTP on `port` and waits until `readyPath` answers 200. */
async function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let warnings = 0;
  const isWarning = (line: string, stream: "stdout" | "stderr") => {
    if (stream === "stderr") return true;
    const level = /^\{"level":(\d+)/.exec(line);
    return level !== null && Number(level[1]) >= 40;
  };
  const collect = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      if (isWarning(line, stream)) warnings += 1;
      lines.push(line);
      if (lines.length > 40) lines.shift();
    }
  };
  child.stdout?.on("data", collect("stdout"));
  child.stderr?.on("data", collect("stderr"));
  const exit = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 60_000;
  let startupMs = 0;
  for (;;) {
    if (exited(child)) {
      throw new Error(
        `The ${options.label} exited (code ${child.exitCode ?? child.signalCode}) before answering:\n${lines.join("\n")}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}${options.readyPath}`);
      await response.arrayBuffer();
      if (response.ok) {
        startupMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The ${options.label} did not answer ${options.readyPath} within 60 s:\n${lines.join("\n")}`);
    }
    await sleep(25);
  }
  if (child.pid === undefined) throw new Error(`The ${options.label} has no process id.`);

  return {
    pid: child.pid,
    baseUrl,
    startupMs,
    output: () => [...lines],
    warningCount: () => warnings,
    exitStatus: () =>
      child.exitCode !== null
        ? `code ${child.exitCode}`
        : child.signalCode !== null
          ? `signal ${child.signalCode}`
          : null,
    async stop() {
      if (exited(child)) return;
      child.kill("SIGTERM");
      const timedOut = await Promise.race([exit.then(() => false), sleep(5_000).then(() => true)]);
      if (timedOut && !exited(child)) {
        child.kill("SIGKILL");
        await exit;
      }
    },
    kill() {
      if (!exited(child)) child.kill("SIGKILL");
    },
  };
}

/**
 * How `npm start` runs the server (package.json's start script): the environment it sets before `node`
 * (`MALLOC_ARENA_MAX`, read by glibc when the process starts) and the node options after it (V8 flags that
 * cannot be set once the process runs), docs/deployment.md; so the bench measures the same process.
 */
function startScript(script: string): { env: Record<string, string>; nodeFlags: string[] } {
  const words = script.trim().split(/\s+/);
  const node = words.indexOf("node");
  const env = Object.fromEntries(
    words
      .slice(0, Math.max(node, 0))
      .map((word) => /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word))
      .filter((match) => match !== null)
      .map((match) => [match[1]!, match[2]!]),
  );
  return { env, nodeFlags: words.slice(node + 1).filter((word) => word.startsWith("--")) };
}

function npmStart(repoRoot: string): { env: Record<string, string>; nodeFlags: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  return startScript(manifest.scripts?.["start"] ?? "");
}

/** The built Parley server, as `npm start` runs it, on the seeded data. */
export async function startServerProcess(options: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const start = npmStart(options.repoRoot);
  const env: NodeJS.ProcessEnv = {
    // The start script's environment, unless the shell sets the same variable (to compare settings).
    ...start.env,
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PARLEY_DATA_DIR: options.dataDir,
    PARLEY_SEED: "none",
    PARLEY_ADMIN_PASSWORD: options.adminPassword,
    LOG_LEVEL: "warn",
    NODE_ENV: options.nodeEnv,
    // The load comes from one address: per-address limits would measure 429s.
    PARLEY_SEARCH_LIMIT: "0",
    PARLEY_GUEST_API_LIMIT: "0",
  };
  // Only what the bench chose: no database or Redis inherited from the shell.
  delete env["DATABASE_URL"];
  delete env["REDIS_URL"];
  if (options.databaseUrl) env["DATABASE_URL"] = options.databaseUrl;
  if (options.redisUrl) env["REDIS_URL"] = options.redisUrl;
  return spawnServer({
    args: [
      ...start.nodeFlags,
      ...(options.nodeFlags ?? []),
      ...(options.cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${options.cpuProfileDir}`] : []),
      path.join(options.repoRoot, "apps/server/dist/main.js"),
    ],
    cwd: options.repoRoot,
    env,
    port,
    readyPath: "/healthz",
    label: "server",
  });
}

/**
 * A bare Fastify app with one JSON route: the machine's ceiling right now, measured with the same
 * load generator (PERFORMANCE.md quotes ≈ 80k req/s on a quiet machine).
 */
export async function startBareFastify(repoRoot: string): Promise<ServerProcess> {
  const port = await freePort();
  const program = `const app = require("fastify")();
app.get("/", async () => ({ hello: "world" }));
app.listen({ port: ${port}, host: "127.0.0.1" });
process.once("SIGTERM", () => app.close().then(() => process.exit(0)));`;
  return spawnServer({
    args: ["-e", program],
    cwd: path.join(repoRoot, "apps/server"),
    env: { ...process.env, NODE_ENV: "production" },
    port,
    readyPath: "/",
    label: "bare Fastify server",
  });
}

/** Resident memory of a process in MB (VmRSS), or null once it is gone. */
export function readRssMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used, in seconds, or null once it is gone. */
export function readCpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // After "(comm) ", field 3 (state) is index 0: utime is field 14, stime field 15.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** CPU time every process of the machine has used (all cores, not idle or waiting), in seconds. */
export function readMachineBusySeconds(): number | null {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    return (total - (ticks[3] ?? 0) - (ticks[4] ?? 0)) / 100;
  } catch {
    return null;
  }
}

/** Signs `memberName` in (`BENCH_MEMBER_PASSWORD` unless given) and checks it with /users/me: its cookie and key. */
export async function signIn(
  baseUrl: string,
  memberName: string,
  password = BENCH_MEMBER_PASSWORD,
): Promise<{ cookie: string; transientKey: string }> {
  const response = await fetch(`${baseUrl}/api/v2/authenticate/password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: memberName, password }),
  });
  const answer = await response.text();
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((pair) => pair.startsWith("parley_session="));
  if (response.status !== 201 || !session)
    throw new Error(`Signing in as "${memberName}" answered ${response.status}: ${answer.slice(0, 300)}`);
  const me = await fetch(`${baseUrl}/api/v2/users/me`, { headers: { cookie: session } });
  const { name } = (await me.json()) as { name?: string };
  if (name !== memberName) throw new Error(`Signed in as "${memberName}", but /api/v2/users/me says "${name}".`);
  const { transientKey } = JSON.parse(answer) as { transientKey: string };
  return { cookie: session, transientKey };
}
