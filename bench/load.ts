import { inspect } from "node:util";
import autocannon from "autocannon";
import { readCpuSeconds, readMachineBusySeconds, readRssMb } from "./server-process.ts";

/** One endpoint under load: autocannon's figures, exact latency percentiles and the server's memory. */
export interface LoadFigures {
  requests: number;
  requestsPerSecond: number;
  /** Latency in ms, from every response's own timing (autocannon's histogram rounds to whole ms). */
  latency: { p50: number; p90: number; p95: number; p99: number; max: number; mean: number };
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  bytesPerSecond: number;
  /** Server resident memory sampled every 100 ms during the run, in MB. */
  rss: { maxMb: number; meanMb: number; samples: number };
  /** Server CPU use during the run (100% = one core). */
  serverCpuPercent: number | null;
  /**
   * Server CPU time per answered request, in ms: the figure least disturbed by other work on a
   * shared machine (1,000 / it ≈ the req/s one free core could serve).
   */
  serverCpuMsPerRequest: number | null;
  /**
   * CPU the rest of the machine used meanwhile (not the server, not this load generator), 100% =
   * one core: other work competing for the cores, which makes the figures noisy.
   */
  otherCpuPercent: number | null;
}

export interface LoadOptions {
  url: string;
  /** Extra request headers (a cookie makes the server skip its guest caches). */
  headers?: Record<string, string>;
  /** Gives each request its path (on `url`'s origin) instead of `url`'s own. */
  nextPath?: () => string;
  seconds: number;
  connections: number;
  serverPid: number;
  /** Called with a stop function while the run is in progress (Ctrl-C stops it). */
  onStart?: (stop: () => void) => void;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** A request hook that gives each request the next path. */
const withPath = (nextPath: () => string) => (request: autocannon.Request) => {
  request.path = nextPath();
  return request;
};

/** The paths in turn, round and round (one rotation for the warm-up and the measured run alike). */
export function cycle(paths: string[]): () => string {
  const distinct = [...new Set(paths)];
  let next = 0;
  return () => distinct[next++ % distinct.length]!;
}

/** Runs autocannon against one URL, sampling the server process meanwhile. */
export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  const statusCodes: Record<string, number> = {};
  const rssSamples: number[] = [];
  const sample = () => {
    const rss = readRssMb(options.serverPid);
    if (rss !== null) rssSamples.push(rss);
  };
  const cpuBefore = readCpuSeconds(options.serverPid);
  const machineBefore = readMachineBusySeconds();
  const selfBefore = process.cpuUsage();
  const wallBefore = performance.now();
  sample();
  const sampler = setInterval(sample, 100);

  try {
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: options.url,
          connections: options.connections,
          duration: options.seconds,
          ...(options.headers ? { headers: options.headers } : {}),
          ...(options.nextPath ? { requests: [{ setupRequest: withPath(options.nextPath) }] } : {}),
        },
        (error: unknown, finished: autocannon.Result) =>
          error ? reject(error instanceof Error ? error : new Error(inspect(error))) : resolve(finished),
      );
      instance.on("response", (_client, statusCode, _bytes, responseTime) => {
        if (count === latencies.length) {
          const grown = new Float64Array(latencies.length * 2);
          grown.set(latencies);
          latencies = grown;
        }
        latencies[count++] = responseTime;
        const key = String(statusCode);
        statusCodes[key] = (statusCodes[key] ?? 0) + 1;
      });
      options.onStart?.(() => instance.stop());
    });
    sample();
    const cpuAfter = readCpuSeconds(options.serverPid);
    const machineAfter = readMachineBusySeconds();
    const self = process.cpuUsage(selfBefore);
    const wallSeconds = (performance.now() - wallBefore) / 1000;
    const serverSeconds = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
    const otherSeconds =
      serverSeconds !== null && machineBefore !== null && machineAfter !== null
        ? Math.max(0, machineAfter - machineBefore - serverSeconds - (self.user + self.system) / 1e6)
        : null;
    const sorted = latencies.slice(0, count).sort();
    let sum = 0;
    for (const value of sorted) sum += value;
    return {
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      latency: {
        p50: percentile(sorted, 50),
        p90: percentile(sorted, 90),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: count ? sorted[count - 1]! : 0,
        mean: count ? sum / count : 0,
      },
      non2xx: result.non2xx,
      statusCodes,
      errors: result.errors,
      timeouts: result.timeouts,
      bytesPerSecond: result.throughput.average,
      rss: {
        maxMb: rssSamples.length ? Math.max(...rssSamples) : 0,
        meanMb: rssSamples.length ? rssSamples.reduce((a, b) => a + b, 0) / rssSamples.length : 0,
        samples: rssSamples.length,
      },
      serverCpuPercent: serverSeconds === null ? null : (serverSeconds / wallSeconds) * 100,
      serverCpuMsPerRequest: serverSeconds === null || count === 0 ? null : (serverSeconds * 1000) / count,
      otherCpuPercent: otherSeconds === null ? null : (otherSeconds / wallSeconds) * 100,
    };
  } finally {
    clearInterval(sampler);
  }
}
