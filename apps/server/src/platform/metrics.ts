import { Counter, Gauge, Registry } from "prom-client";
import type { Database } from "./db/database.ts";
import type { Jobs } from "./jobs/jobs.ts";

type GaugeValue = number | Record<string, number>;

/** A gauge read at each scrape: `read` gives its value, or its values by `label` (a fixed set of keys). */
export function addGauge(
  registry: Registry,
  gauge: { name: string; help: string; label?: string; read: () => GaugeValue | Promise<GaugeValue> },
): void {
  const { label } = gauge;
  new Gauge({
    name: gauge.name,
    help: gauge.help,
    labelNames: label ? [label] : [],
    registers: [registry],
    async collect() {
      let value: GaugeValue;
      try {
        value = await gauge.read();
      } catch {
        // A source that cannot answer now (the database is down: /readyz says so) leaves its gauge out of
        // this scrape rather than failing the others.
        this.reset();
        return;
      }
      if (typeof value === "number") this.set(value);
      else for (const [key, number] of Object.entries(value)) this.set({ [label ?? "state"]: key }, number);
    },
  });
}

/**
 * This app's Prometheus registry (one per app: test apps in one process never share prom-client's global one),
 * with the platform's own gauges: the database pool, scheduled jobs and the queue of bulk actions. Features add
 * theirs (`addGauge`); `platform/http/metrics.ts` serves them all at /metrics.
 */
export function createMetrics(sources: {
  database: Database;
  /** Queued bulk actions: not ended, and claimed by a process now. */
  queued: () => Promise<{ queued: number; claimed: number }>;
}) {
  const registry = new Registry();
  const { poolStats } = sources.database;
  // SQLite has one connection, used synchronously: no pool to watch.
  if (poolStats) {
    addGauge(registry, {
      name: "parley_db_pool_clients",
      help: "PostgreSQL pool clients by state: total open, idle, and queries waiting for a client.",
      label: "state",
      read: () => {
        const { total, idle, waiting } = poolStats();
        return { total, idle, waiting };
      },
    });
    addGauge(registry, {
      name: "parley_db_pool_max",
      help: "The PostgreSQL pool's size.",
      read: () => poolStats().max,
    });
  }
  addGauge(registry, {
    name: "parley_job_queue",
    help: "Bulk actions queued in the database (every process's) by state: queued (not ended), claimed (running now).",
    label: "state",
    read: sources.queued,
  });
  const jobFailures = new Counter({
    name: "parley_job_failures_total",
    help: "Scheduled job runs that failed in this process.",
    labelNames: ["job"],
    registers: [registry],
  });
  return {
    registry,
    /** The scheduled jobs' gauge, once they exist. */
    watchJobs(jobs: Jobs): void {
      addGauge(registry, {
        name: "parley_jobs_running",
        help: "Scheduled jobs with a run in progress in this process.",
        read: () => jobs.running().length,
      });
    },
    jobFailed: (name: string) => jobFailures.inc({ job: name }),
  };
}
