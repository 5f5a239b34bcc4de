import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { build } from "../scripts/build.mjs";
import { endpoints, memoryReferences, rowsOf, sseReferences, sseRowName, type Row } from "./endpoints.ts";
import { cycle, runLoad } from "./load.ts";
import {
  endpointResult,
  formatEndpoint,
  formatSse,
  formatSummary,
  formatVerdicts,
  sseVerdict,
  type EndpointResult,
  type SequentialFigures,
} from "./report.ts";
import { BENCH_ADMIN_PASSWORD, benchRoot, defaultTarget, ensureSeeded, repoRoot, serverDatabaseUrl } from "./seed.ts";
import { readRssMb, signIn, startBareFastify, startServerProcess, type ServerProcess } from "./server-process.ts";
import type { LoadFigures } from "./load.ts";
import { isSizeName, sizeNames, sizes } from "./sizes.ts";
import { runSseScenario, type SseFigures } from "./sse.ts";
import { postgresMemoryNote } from "./postgres-memory.ts";

/**
 * `npm run bench`: build if needed, seed `.bench/<size>` once, start the built server, then load
 * each endpoint in turn with autocannon and report req/s, latency and the server's memory beside
 * the targets and peer figures of shared/guide/PERFORMANCE.md.
 */
const usage = `Usage: npm run bench -- [options]
  --size=small|nodebb|large   data set (default nodebb)
  --duration=SECONDS          load per endpoint (default 10)
  --connections=N             concurrent connections (default 10)
  --endpoints=a,b             endpoints to run, each as a guest and as the member (default: all; ${endpoints.map((e) => e.name).join(", ")}, ${sseRowName});
                              name:guest or name:member for one of the two rows
  --warmup=SECONDS            unmeasured load per endpoint first (default 3)
  --calibrate=SECONDS         load a bare Fastify route first, the machine's ceiling now (default 5; 0 skips)
  --database-url=postgres://… seed and serve PostgreSQL (schema bench_<size>) instead of SQLite
  --node-env=VALUE            NODE_ENV of the server (default production)
  --node-flags="--a --b=1"     extra node options for the server (V8 flags such as --max-semi-space-size=8)
  --cpu-prof                  write a V8 CPU profile of the server to .bench/profiles/ (open in Chrome DevTools)
  --sse-connections=N         ${sseRowName}: Server-Sent Events streams held on one process (default 5000)
  --sse-samples=N             ${sseRowName}: comments timed from POST to the notification event (default 200)
  --sse-hold=SECONDS          ${sseRowName}: how long the streams are held before the samples (default 5)`;

/** A bad command line: printed with the usage, without a stack. */
class UsageError extends Error {}

interface RunOptions {
  size: keyof typeof sizes;
  duration: number;
  connections: number;
  warmup: number;
  calibrate: number;
  rows: Row[];
  /** Run the live-events row (bench/sse.ts). */
  sse: { connections: number; samples: number; holdSeconds: number } | null;
  databaseUrl: string | null;
  nodeEnv: string;
  cpuProf: boolean;
  nodeFlags: string[];
}

function positive(name: string, raw: string, allowZero = false): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0))
    throw new UsageError(`--${name} must be a positive number, got "${raw}".`);
  return value;
}

function parseOptions(): RunOptions | null {
  const { values } = parseArgs({
    options: {
      size: { type: "string", default: "nodebb" },
      duration: { type: "string", default: "10" },
      connections: { type: "string", default: "10" },
      endpoints: { type: "string" },
      warmup: { type: "string", default: "3" },
      calibrate: { type: "string", default: "5" },
      "database-url": { type: "string" },
      "node-env": { type: "string", default: "production" },
      "cpu-prof": { type: "boolean", default: false },
      "node-flags": { type: "string", default: "" },
      "sse-connections": { type: "string", default: "5000" },
      "sse-samples": { type: "string", default: "200" },
      "sse-hold": { type: "string", default: "5" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return null;
  }
  if (!isSizeName(values.size))
    throw new UsageError(`--size must be one of ${sizeNames.join(", ")}, got "${values.size}".`);
  const allRows = endpoints.flatMap(rowsOf);
  let selected = allRows;
  let sse = true;
  if (values.endpoints) {
    const names = values.endpoints
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    const picked = (name: string) => allRows.filter((row) => row.name === name || row.endpoint.name === name);
    const unknown = names.filter((name) => name !== sseRowName && picked(name).length === 0);
    if (unknown.length)
      throw new UsageError(
        `Unknown endpoint(s): ${unknown.join(", ")}. Known: ${allRows.map((row) => row.name).join(", ")}.`,
      );
    sse = names.includes(sseRowName);
    selected = allRows.filter((row) => names.some((name) => name !== sseRowName && picked(name).includes(row)));
  }
  const databaseUrl = values["database-url"] ?? null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new UsageError("--database-url must start with postgres://");
  return {
    size: values.size,
    duration: positive("duration", values.duration),
    connections: Math.round(positive("connections", values.connections)),
    warmup: positive("warmup", values.warmup, true),
    calibrate: positive("calibrate", values.calibrate, true),
    rows: selected,
    sse: sse
      ? {
          connections: Math.round(positive("sse-connections", values["sse-connections"])),
          samples: Math.round(positive("sse-samples", values["sse-samples"])),
          holdSeconds: positive("sse-hold", values["sse-hold"], true),
        }
      : null,
    databaseUrl,
    nodeEnv: values["node-env"],
    cpuProf: values["cpu-prof"],
    nodeFlags: values["node-flags"].split(/\s+/).filter(Boolean),
  };
}

function gitCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: repoRoot, encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

let server: ServerProcess | null = null;
let stopLoad: (() => void) | null = null;

async function shutdown(code: number): Promise<never> {
  stopLoad?.();
  await server?.stop();
  server = null;
  process.exit(code);
}

function assertServerRunning(running: ServerProcess, when: string): void {
  const ended = running.exitStatus();
  if (!ended) return;
  const hint = ended === "code 0" ? " (a clean exit: it was sent SIGINT or SIGTERM, by another process?)" : "";
  throw new Error(`The server stopped (${ended}${hint}) ${when}; its last lines:\n${running.output().join("\n")}`);
}

/** A bare Fastify route under the same load: what this machine allows right now. */
async function calibrate(options: RunOptions): Promise<LoadFigures> {
  server = await startBareFastify(repoRoot);
  try {
    const load = { url: `${server.baseUrl}/`, connections: options.connections, serverPid: server.pid };
    await runLoad({ ...load, seconds: Math.min(2, Math.max(options.warmup, 1)) });
    const figures = await runLoad({ ...load, seconds: options.calibrate });
    console.log(
      `Ceiling now: a bare Fastify JSON route answers ${Math.round(figures.requestsPerSecond).toLocaleString("en-US")} req/s ` +
        `(p50 ${figures.latency.p50.toFixed(2)} ms) with this load generator; PERFORMANCE.md quotes ≈ 80k on a quiet machine` +
        (figures.otherCpuPercent === null
          ? "."
          : ` (other processes used ${Math.round(figures.otherCpuPercent)}% CPU meanwhile).`),
    );
    return figures;
  } finally {
    await server.stop();
    server = null;
  }
}

/**
 * Signs the seeded member in through the API, as the web app's form does; returns the session
 * cookie, checked by asking who it is.
 */

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/**
 * An `afterWrite` row's uncached figures: each write (as the administrator) drops the cached answer, then the
 * request is timed alone, to the last byte.
 */
async function timeAfterWrites(
  baseUrl: string,
  url: string,
  headers: Record<string, string>,
  afterWrite: NonNullable<Row["endpoint"]["afterWrite"]>,
  samples: Parameters<Row["endpoint"]["path"]>[0],
): Promise<SequentialFigures> {
  const admin = await signIn(baseUrl, "admin", BENCH_ADMIN_PASSWORD);
  const times: number[] = [];
  let bytes = 0;
  for (let index = 0; index < afterWrite.count; index++) {
    const write = afterWrite.write(samples, index);
    const written = await fetch(`${baseUrl}${write.path}`, {
      method: write.method,
      headers: { cookie: admin.cookie, "x-transient-key": admin.transientKey, "content-type": "application/json" },
      body: JSON.stringify(write.body),
    });
    const answer = await written.text();
    if (!written.ok)
      throw new Error(`${write.method} ${write.path} answered ${written.status}: ${answer.slice(0, 300)}`);
    const started = performance.now();
    const response = await fetch(url, { headers });
    bytes = (await response.arrayBuffer()).byteLength;
    times.push(performance.now() - started);
    if (response.headers.get("x-parley-cache") === "hit")
      throw new Error(`${url} was answered by a cache after a write`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50Ms: quantile(sorted, 0.5),
    p90Ms: quantile(sorted, 0.9),
    maxMs: sorted.at(-1)!,
    bytes,
  };
}

/** Which server cache answers this request, from the `x-parley-cache` header both guest caches set. */
async function cacheThatAnswers(url: string, headers: Record<string, string>): Promise<string | null> {
  const response = await fetch(url, { redirect: "manual", headers });
  await response.arrayBuffer();
  if (response.headers.get("x-parley-cache") !== "hit") return null;
  return new URL(url).pathname.startsWith("/api/") ? "guest API cache" : "guest page cache";
}

/** The autocannon rows: seed, calibrate, serve the seeded forum, load each endpoint. */
async function runHttpRows(options: RunOptions, loadBefore: number) {
  const target = defaultTarget(options.size, options.databaseUrl);
  const { marker } = await ensureSeeded({ ...target, progress: true });
  const samples = marker.samples;
  if (!samples) throw new Error("The seed marker has no samples; delete it to reseed.");

  if (target.databaseUrl) console.log(await postgresMemoryNote(target.databaseUrl, target.schema));
  const calibration = options.calibrate > 0 ? await calibrate(options) : null;

  const running = await startServerProcess({
    repoRoot,
    dataDir: target.dataDir,
    databaseUrl: serverDatabaseUrl(target),
    nodeEnv: options.nodeEnv,
    cpuProfileDir: options.cpuProf ? path.join(benchRoot, "profiles") : null,
    adminPassword: BENCH_ADMIN_PASSWORD,
    nodeFlags: options.nodeFlags,
  });
  server = running;
  const idleRssMb = readRssMb(running.pid) ?? 0;
  console.log(
    `\nServer ${running.baseUrl} (pid ${running.pid}, NODE_ENV=${options.nodeEnv}) answered /healthz ${Math.round(running.startupMs)} ms ` +
      `after spawn; ${idleRssMb.toFixed(0)} MB resident when idle.`,
  );
  if (loadBefore > 1) {
    console.log(
      `Note: the machine was busy when the run started (load average ${loadBefore.toFixed(1)} on ${os.cpus().length} cores); ` +
        `see "other CPU" below: figures are noisy when other processes take a share of the cores.`,
    );
  }
  console.log(
    `Load: ${options.connections} connections, ${options.warmup} s warm-up + ${options.duration} s per endpoint. ` +
      `Memory target ≤ ${memoryReferences.targetMb} MB; NodeBB ${memoryReferences.nodebbMb} MB.\n`,
  );

  const memberCookie = options.rows.some((row) => row.viewer === "member")
    ? (await signIn(running.baseUrl, samples.memberName)).cookie
    : null;
  const results: EndpointResult[] = [];
  for (const row of options.rows) {
    const { endpoint } = row;
    const endpointPath = endpoint.path(samples);
    const base = endpointResult(row, endpointPath);
    const url = `${running.baseUrl}${endpointPath}`;
    const headers = { ...(row.viewer === "member" ? { cookie: memberCookie! } : {}), ...endpoint.headers };
    assertServerRunning(running, `before ${row.name}`);
    const probe = await fetch(url, { redirect: "manual", headers });
    await probe.arrayBuffer();
    if (probe.status === 404) {
      const result: EndpointResult = { ...base, status: "skipped", skipReason: "answers 404 (not built yet?)" };
      results.push(result);
      console.log(`${formatEndpoint(result)}\n`);
      continue;
    }
    const status = `${row.name}: warming up ${options.warmup} s, then measuring ${options.duration} s…`;
    if (process.stdout.isTTY) process.stdout.write(`${status}\r`);
    const load = {
      url,
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(endpoint.variants ? { nextPath: cycle(endpoint.variants(samples)) } : {}),
      connections: options.connections,
      serverPid: running.pid,
      onStart: (stop: () => void) => (stopLoad = stop),
    };
    if (options.warmup > 0) await runLoad({ ...load, seconds: options.warmup });
    // The same request once more: does a cache of the server answer it now?
    const cached = base.cached ?? (endpoint.variants ? null : await cacheThatAnswers(url, headers));
    const figures = await runLoad({ ...load, seconds: options.duration });
    stopLoad = null;
    assertServerRunning(running, `during ${row.name}`);
    const afterWrite = endpoint.afterWrite
      ? await timeAfterWrites(running.baseUrl, url, headers, endpoint.afterWrite, samples)
      : undefined;
    const result: EndpointResult = {
      ...base,
      cached,
      status: "measured",
      figures,
      ...(afterWrite ? { afterWrite } : {}),
    };
    results.push(result);
    if (process.stdout.isTTY) process.stdout.write(`${" ".repeat(status.length)}\r`);
    console.log(`${formatEndpoint(result)}\n`);
  }

  const spec = sizes[options.size];
  console.log(`Summary (${spec.name}: ${spec.description}; ${marker.database})`);
  console.log(formatSummary(results, calibration?.requestsPerSecond ?? null));
  console.log(formatVerdicts(results));
  const warnings = running.warningCount();
  if (warnings > 0) {
    console.log(
      `\nThe server logged ${warnings} warning(s) or error(s); its last lines:\n${running.output().slice(-5).join("\n")}`,
    );
  }
  const serverInfo = {
    startupMs: Math.round(running.startupMs),
    idleRssMb,
    warnings,
    lastLogLines: running.output().slice(-10),
  };
  await running.stop();
  server = null;
  const data = {
    description: spec.description,
    database: marker.database,
    counts: marker.counts,
    samples,
    seedSeconds: marker.seconds,
  };
  return { results, calibration, data, server: serverInfo };
}

/** The live-events row, on a server and data set of its own (`.bench/sse`). */
async function runSseRow(options: RunOptions): Promise<SseFigures> {
  const sse = options.sse!;
  const figures = await runSseScenario({
    repoRoot,
    dataDir: path.join(benchRoot, "sse"),
    connections: sse.connections,
    samples: sse.samples,
    holdSeconds: sse.holdSeconds,
    nodeEnv: options.nodeEnv,
    adminPassword: BENCH_ADMIN_PASSWORD,
    onServer: (running) => (server = running),
  });
  console.log(`\n${formatSse(figures)}`);
  console.log(
    `\nSummary: ${sseRowName} ${figures.opened.toLocaleString("en-US")} streams, event delay p99 ${figures.delay.p99.toFixed(1)} ms, ` +
      `${figures.rss.heldMb.toFixed(0)} MB resident: target (≥ ${sseReferences.connections.toLocaleString("en-US")} streams, ` +
      `p99 ≤ ${sseReferences.p99Ms} ms) ${sseVerdict(figures)}`,
  );
  return figures;
}

async function main(): Promise<void> {
  const options = parseOptions();
  if (!options) return;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the load and the server…`);
      void shutdown(130);
    });
  }
  process.once("exit", () => server?.kill());
  const loadBefore = os.loadavg()[0] ?? 0;

  await build({ ifNeeded: true });
  const http = options.rows.length > 0 ? await runHttpRows(options, loadBefore) : null;
  const sse = options.sse ? await runSseRow(options) : null;

  const report = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      memoryMb: Math.round(os.totalmem() / 2 ** 20),
      node: process.version,
      loadAverageBefore: loadBefore,
      loadAverageAfter: os.loadavg()[0] ?? 0,
    },
    options: {
      size: options.size,
      duration: options.duration,
      connections: options.connections,
      warmup: options.warmup,
      nodeEnv: options.nodeEnv,
      nodeFlags: options.nodeFlags,
      sse: options.sse,
    },
    data: http?.data ?? null,
    server: http?.server ?? null,
    calibration: http?.calibration && {
      description: "bare Fastify JSON route, same load generator",
      ...http.calibration,
    },
    references: { memory: memoryReferences, sse: sseReferences },
    endpoints: http?.results ?? [],
    sse,
  };
  fs.mkdirSync(benchRoot, { recursive: true });
  const file = path.join(benchRoot, `results-${report.date.replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResults: ${path.relative(process.cwd(), file)}`);
  if (options.cpuProf)
    console.log(`CPU profile of the server: ${path.relative(process.cwd(), path.join(benchRoot, "profiles"))}/`);
}

main().catch(async (error: unknown) => {
  const badArguments =
    error instanceof UsageError ||
    (error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"));
  if (badArguments) console.error(`${error.message}\n\n${usage}`);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  await shutdown(1);
});
