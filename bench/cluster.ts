import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { build } from "../scripts/build.mjs";
import { nginxBinary, nginxInstalled, startNginx, type RunningNginx } from "../e2e/support/nginx.ts";
import { findFreePort } from "../e2e/support/server.ts";
import { cycle, runLoad } from "./load.ts";
import type { PlanSamples } from "./plan.ts";
import { searchTexts } from "./search-queries.ts";
import { BENCH_ADMIN_PASSWORD, benchRoot, defaultTarget, ensureSeeded, repoRoot, serverDatabaseUrl } from "./seed.ts";
import {
  readCpuSeconds,
  readMachineBusySeconds,
  readRssMb,
  signIn,
  startServerProcess,
  type ServerProcess,
} from "./server-process.ts";
import { isSizeName, sizeNames, sizes } from "./sizes.ts";

/**
 * `npm run bench:cluster`: one process against three behind nginx (issue 37), on PostgreSQL and Redis. The
 * seeded forum (`npm run bench`'s, schema bench_<size>) is served by one process, asked directly and then
 * through Debian's nginx running deploy/nginx.conf (what nginx costs), then by three processes behind that
 * nginx. Each setup is loaded with the same requests, all as the signed-in member so no guest cache answers:
 * the discussion list, a discussion page and a search that differs each time. Memory is each process's
 * resident size, sampled during the load.
 */
const usage = `Usage: npm run bench:cluster -- --database-url=postgres://… --redis-url=redis://… [options]
  --size=small|nodebb|large   data set (default nodebb), seeded as npm run bench seeds it
  --duration=SECONDS          load per row and setup (default 10)
  --connections=N             concurrent connections (default 10)
  --warmup=SECONDS            unmeasured load first, per row and setup (default 3)`;

interface Row {
  name: string;
  description: string;
  paths: (samples: PlanSamples) => string[];
}

const rows: Row[] = [
  {
    name: "list",
    description: "30 recent discussions, users expanded (JSON)",
    paths: () => ["/api/v2/discussions?limit=30&expand=insertUser,lastUser"],
  },
  {
    name: "discussion page",
    description: "a discussion page with its first 30 comments (server-rendered HTML)",
    paths: (s) => [`/discussion/${s.discussionID}/${s.discussionSlug}`],
  },
  {
    name: "search",
    description: "one word, a different one per request (uncached)",
    paths: () => searchTexts().words.map((word) => `/api/v2/search?query=${encodeURIComponent(word)}`),
  },
];

interface Measured {
  setup: string;
  row: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** Each process's largest resident size during the row, in MB. */
  rssMaxMb: number[];
  /** CPU the Parley processes used together (100% = one core). */
  serverCpuPercent: number;
  /**
   * Their CPU time per answered request, in ms: the figure a busy machine disturbs least (a request costs the
   * same wherever it runs; what three processes add per request shows here).
   */
  serverCpuMsPerRequest: number | null;
  /**
   * CPU the rest of the machine used meanwhile (100% = one core): not the Parley processes, not the load
   * generator; nginx's workers count here, with whatever else runs.
   */
  otherCpuPercent: number | null;
}

const processes: ServerProcess[] = [];
let nginx: RunningNginx | null = null;

async function stopAll(): Promise<void> {
  await nginx?.stop();
  nginx = null;
  await Promise.all(processes.splice(0).map((running) => running.stop()));
}

/** Every row against `baseUrl`, sampling the memory of every process meanwhile. */
async function measure(
  setup: string,
  baseUrl: string,
  samples: PlanSamples,
  options: { duration: number; warmup: number; connections: number },
): Promise<Measured[]> {
  const { cookie } = await signIn(baseUrl, samples.memberName);
  const results: Measured[] = [];
  for (const row of rows) {
    const paths = row.paths(samples);
    const probe = await fetch(`${baseUrl}${paths[0]}`, { headers: { cookie } });
    await probe.arrayBuffer();
    if (probe.status !== 200) throw new Error(`${setup}: ${paths[0]} answered ${probe.status}.`);
    const load = {
      url: `${baseUrl}${paths[0]}`,
      headers: { cookie },
      nextPath: cycle(paths),
      connections: options.connections,
      serverPid: processes[0]!.pid,
    };
    if (options.warmup > 0) await runLoad({ ...load, seconds: options.warmup });
    const rssMaxMb = processes.map(() => 0);
    const sample = () =>
      processes.forEach((running, index) => {
        rssMaxMb[index] = Math.max(rssMaxMb[index]!, readRssMb(running.pid) ?? 0);
      });
    const sampler = setInterval(sample, 100);
    const serverCpu = () => processes.reduce((sum, running) => sum + (readCpuSeconds(running.pid) ?? 0), 0);
    const cpuBefore = serverCpu();
    const machineBefore = readMachineBusySeconds();
    const selfBefore = process.cpuUsage();
    const wallBefore = performance.now();
    try {
      const figures = await runLoad({ ...load, seconds: options.duration });
      sample();
      const wallSeconds = (performance.now() - wallBefore) / 1000;
      const serverSeconds = serverCpu() - cpuBefore;
      const machineAfter = readMachineBusySeconds();
      const self = process.cpuUsage(selfBefore);
      const otherSeconds =
        machineBefore === null || machineAfter === null
          ? null
          : Math.max(0, machineAfter - machineBefore - serverSeconds - (self.user + self.system) / 1e6);
      const measured: Measured = {
        setup,
        row: row.name,
        requestsPerSecond: figures.requestsPerSecond,
        p50Ms: figures.latency.p50,
        p99Ms: figures.latency.p99,
        non2xx: figures.non2xx,
        errors: figures.errors + figures.timeouts,
        rssMaxMb,
        serverCpuPercent: (serverSeconds / wallSeconds) * 100,
        serverCpuMsPerRequest: figures.requests ? (serverSeconds * 1000) / figures.requests : null,
        otherCpuPercent: otherSeconds === null ? null : (otherSeconds / wallSeconds) * 100,
      };
      results.push(measured);
      console.log(
        `${setup.padEnd(28)} ${row.name.padEnd(16)} ${Math.round(measured.requestsPerSecond).toString().padStart(6)} req/s` +
          `  p50 ${measured.p50Ms.toFixed(1)} ms  p99 ${measured.p99Ms.toFixed(1)} ms  non-2xx ${measured.non2xx}` +
          `  errors ${measured.errors}  RSS ${rssMaxMb.map((mb) => mb.toFixed(0)).join(" / ")} MB` +
          `  Parley CPU ${Math.round(measured.serverCpuPercent)}%` +
          (measured.serverCpuMsPerRequest === null
            ? ""
            : ` (${measured.serverCpuMsPerRequest.toFixed(1)} ms/request)`) +
          (measured.otherCpuPercent === null ? "" : `  other CPU ${Math.round(measured.otherCpuPercent)}%`),
      );
    } finally {
      clearInterval(sampler);
    }
  }
  return results;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: "string", default: "nodebb" },
      duration: { type: "string", default: "10" },
      connections: { type: "string", default: "10" },
      warmup: { type: "string", default: "3" },
      "database-url": { type: "string" },
      "redis-url": { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return console.log(usage);
  const databaseUrl = values["database-url"];
  const redisUrl = values["redis-url"];
  if (!databaseUrl?.startsWith("postgres") || !redisUrl?.startsWith("redis"))
    throw new Error(`A cluster needs PostgreSQL and Redis: give --database-url and --redis-url.\n\n${usage}`);
  if (!isSizeName(values.size)) throw new Error(`--size must be one of ${sizeNames.join(", ")}.`);
  if (!nginxInstalled()) throw new Error(`nginx is not installed (${nginxBinary}; Debian's nginx-light).`);
  const options = {
    duration: Number(values.duration),
    warmup: Number(values.warmup),
    connections: Number(values.connections),
  };
  const loadBefore = os.loadavg();

  await build({ ifNeeded: true });
  const target = defaultTarget(values.size, databaseUrl);
  const { marker } = await ensureSeeded({ ...target, progress: true });
  const samples = marker.samples;
  if (!samples) throw new Error("The seed marker has no samples; delete it to reseed.");
  const start = () =>
    startServerProcess({
      repoRoot,
      dataDir: target.dataDir,
      databaseUrl: serverDatabaseUrl(target),
      redisUrl,
      nodeEnv: "production",
      adminPassword: BENCH_ADMIN_PASSWORD,
    });
  const portOf = (running: ServerProcess) => Number(new URL(running.baseUrl).port);

  const results: Measured[] = [];
  processes.push(await start());
  console.log(
    `${sizes[values.size].description}; ${marker.database}. ${options.connections} connections, ` +
      `${options.warmup} s warm-up + ${options.duration} s per row; all as the signed-in member ${samples.memberName}.\n` +
      `Load average ${loadBefore.map((value) => value.toFixed(2)).join(", ")} on ${os.cpus().length} cores.\n`,
  );
  results.push(...(await measure("1 process, direct", processes[0]!.baseUrl, samples, options)));
  nginx = await startNginx([portOf(processes[0]!)], await findFreePort());
  results.push(...(await measure("1 process behind nginx", nginx.baseUrl, samples, options)));
  await nginx.stop();
  processes.push(...(await Promise.all([start(), start()])));
  nginx = await startNginx(processes.map(portOf), await findFreePort());
  results.push(...(await measure("3 processes behind nginx", nginx.baseUrl, samples, options)));
  await stopAll();

  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, node: process.version },
    loadAverageBefore: loadBefore,
    loadAverageAfter: os.loadavg(),
    size: values.size,
    database: marker.database,
    options,
    results,
  };
  fs.mkdirSync(benchRoot, { recursive: true });
  const file = path.join(benchRoot, `cluster-${report.date.replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nLoad average after: ${report.loadAverageAfter.map((value) => value.toFixed(2)).join(", ")}`);
  console.log(`Results: ${path.relative(process.cwd(), file)}`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void stopAll().then(() => process.exit(130)));
process.once("exit", () => processes.forEach((running) => running.kill()));

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  await stopAll();
  process.exit(1);
});
