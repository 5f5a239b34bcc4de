import cluster, { type Worker } from "node:cluster";
import { bootstrapDatabase } from "./db/bootstrap.ts";
import type { Config } from "./platform/config.ts";
import { bootstrapLines, openConfiguredDatabase } from "./server.ts";

/** A worker that lived this long before dying did not crash at start: it is started again at once. */
const STEADY_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** How long the workers have to close (requests, streams, jobs, the database) before they are killed. */
const SHUTDOWN_GRACE_MS = 30_000;

/**
 * How long to wait before starting a worker again: at once after a death that ends a steady run, then
 * 1 s, 2 s, 4 s … (at most 30 s) while the deaths keep coming within seconds of a start (a crash loop).
 */
export function restartDelay(quickDeathsInARow: number): number {
  if (quickDeathsInARow === 0) return 0;
  return Math.min(MAX_RESTART_DELAY_MS, 1_000 * 2 ** (quickDeathsInARow - 1));
}

/**
 * `PARLEY_WORKERS=N`: this process migrates (and on an empty database seeds) once, then forks N workers
 * that share the port (node:cluster hands connections out in turn); it serves nothing itself. A worker that
 * dies is started again, after a growing delay while they die young; SIGTERM or SIGINT is passed on to
 * every worker, each closing its server, jobs and database, and the primary exits when they all have.
 */
export async function runPrimary(config: Config, workerEntry: string): Promise<void> {
  const database = await openConfiguredDatabase(config);
  const report = await bootstrapDatabase(database, config).finally(() => database.close());
  console.log(
    [
      `Parley is starting ${config.workers} workers (primary process ${process.pid})`,
      ...bootstrapLines(database, report),
    ].join("\n"),
  );

  // The workers run the server's own entry, not `npm start`'s wrapper (which would check the build again).
  cluster.setupPrimary({ exec: workerEntry, args: [] });
  const startedAt = new Map<Worker, number>();
  let quickDeaths = 0;
  let stopping = false;
  let failedToStop = false;
  const fork = () => startedAt.set(cluster.fork(), Date.now());

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (stopping) {
      failedToStop ||= code !== 0;
      if (startedAt.size === 0) process.exit(failedToStop ? 1 : 0);
      return;
    }
    quickDeaths = lived >= STEADY_MS ? 0 : quickDeaths + 1;
    const delay = restartDelay(quickDeaths);
    console.error(
      `Parley worker ${worker.process.pid} ended (${signal ?? `code ${code}`}) after ${Math.round(lived / 1000)} s; ` +
        `starting another${delay ? ` in ${delay / 1000} s` : ""}.`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal}: stopping ${startedAt.size} workers`);
      if (startedAt.size === 0) process.exit(0);
      for (const worker of startedAt.keys()) worker.process.kill(signal);
      setTimeout(() => {
        console.error(`Workers still running after ${SHUTDOWN_GRACE_MS / 1000} s: killing them.`);
        for (const worker of startedAt.keys()) worker.process.kill("SIGKILL");
        process.exit(1);
      }, SHUTDOWN_GRACE_MS).unref();
    });
  }

  for (let index = 0; index < config.workers; index++) fork();
}
