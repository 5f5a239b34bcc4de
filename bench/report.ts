import { memoryReferences, sseReferences, type Reference, type Row, type Viewer } from "./endpoints.ts";
import type { LoadFigures } from "./load.ts";
import type { SseFigures } from "./sse.ts";

/** Printing the figures beside the targets and peers, and the JSON kept in .bench/. */
export interface EndpointResult {
  /** The row: endpoint and viewer (`api-discussions:member`). */
  name: string;
  endpoint: string;
  viewer: Viewer;
  description: string;
  path: string;
  /**
   * The server cache that answered the row (`guest page cache`, `guest API cache`, `search cache`),
   * or null: the real work, which the targets are judged on.
   */
  cached: string | null;
  status: "measured" | "skipped";
  skipReason?: string;
  figures?: LoadFigures;
  /** `afterWrite` rows: each request timed alone right after a write its cache drops the answer for (uncached). */
  afterWrite?: SequentialFigures;
  references: Reference[];
}

/** Requests timed one at a time. */
export interface SequentialFigures {
  samples: number;
  p50Ms: number;
  p90Ms: number;
  maxMs: number;
  /** The answers' size, the last one's (bytes, uncompressed). */
  bytes: number;
}

/** The `afterWrite` line of a row. */
const formatAfterWrite = (f: SequentialFigures) =>
  `  uncached, one request at a time right after a write that drops it (${f.samples} samples): ` +
  `p50 ${ms(f.p50Ms)} ms, p90 ${ms(f.p90Ms)} ms, max ${ms(f.maxMs)} ms; ${number(f.bytes / 1_000_000, 1)} MB each`;

const number = (value: number, digits = 0) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const percent = (value: number | null) => (value === null ? "?" : `${number(value)}%`);
const cpuMs = (value: number | null) => (value === null ? "?" : ms(value));
const ms = (value: number) => (value < 10 ? number(value, 2) : value < 100 ? number(value, 1) : number(value));

/** Lays out rows in columns: the first column left-aligned, the others right-aligned. */
function formatTable(rows: string[][], indent = "  "): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map(
      (row) =>
        indent +
        row
          .map((cell, i) => (i === 0 || i === row.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
          .join("   ")
          .trimEnd(),
    )
    .join("\n");
}

function verdict(reference: Reference, figures: LoadFigures, cached: string | null): string {
  if (reference.kind !== "target") {
    if (!reference.reqPerSec) return "";
    const ratio = figures.requestsPerSecond / reference.reqPerSec;
    return `${number(ratio, ratio < 0.95 ? 2 : 1)}× its req/s`;
  }
  if (cached) return "not judged (cached)";
  const misses: string[] = [];
  if (reference.reqPerSec && figures.requestsPerSecond < reference.reqPerSec) misses.push("req/s");
  if (reference.p50Ms && figures.latency.p50 > reference.p50Ms) misses.push("p50");
  if (reference.p95Ms && figures.latency.p95 > reference.p95Ms) misses.push("p95");
  if (reference.p99Ms && figures.latency.p99 > reference.p99Ms) misses.push("p99");
  if (figures.rss.maxMb > memoryReferences.targetMb) misses.push("RSS");
  return misses.length ? `MISSED (${misses.join(", ")})` : "met";
}

/** The block printed after each endpoint's run. */
export function formatEndpoint(result: EndpointResult): string {
  const who = result.viewer === "member" ? "as the signed-in member" : "as a guest";
  const head =
    `${result.name}  ${result.description}  [${result.path}]\n  ${who}` +
    (result.status === "measured"
      ? `: ${result.cached ? `cached, answered by the ${result.cached}` : "uncached"}`
      : "");
  if (result.status === "skipped" || !result.figures) return `${head}\n  skipped: ${result.skipReason ?? "no figures"}`;
  const f = result.figures;
  const rows: string[][] = [["", "req/s", "p50 ms", "p95 ms", "p99 ms", "non-2xx", "max RSS MB", ""]];
  rows.push([
    "measured",
    number(f.requestsPerSecond),
    ms(f.latency.p50),
    ms(f.latency.p95 ?? 0),
    ms(f.latency.p99),
    number(f.non2xx),
    number(f.rss.maxMb),
    `${number(f.requests)} requests; CPU: server ${percent(f.serverCpuPercent)} (${cpuMs(f.serverCpuMsPerRequest)} ms per request), ` +
      `other processes ${percent(f.otherCpuPercent)}`,
  ]);
  for (const reference of result.references) {
    const target = reference.kind === "target";
    const bound = (prefix: string, value: number | undefined, format: (n: number) => string) =>
      value === undefined ? "–" : `${target ? prefix : ""}${format(value)}`;
    const judged = verdict(reference, f, result.cached);
    rows.push([
      reference.kind === "peer" ? "peer" : reference.kind,
      bound("≥ ", reference.reqPerSec, (n) => number(n)),
      bound("≤ ", reference.p50Ms, ms),
      bound("≤ ", reference.p95Ms, ms),
      bound("≤ ", reference.p99Ms, ms),
      "",
      target ? `≤ ${memoryReferences.targetMb}` : reference.kind === "peer" ? memoryReferences.nodebbMb : "",
      `${reference.label}${judged ? `: ${judged}` : ""}`,
    ]);
  }
  const statuses = Object.entries(f.statusCodes)
    .map(([code, count]) => `${code}×${number(count)}`)
    .join(" ");
  return (
    `${head}\n${formatTable(rows)}\n  status codes: ${statuses || "none"}${f.errors ? `, ${f.errors} connection errors (${f.timeouts} timeouts)` : ""}` +
    (result.afterWrite ? `\n${formatAfterWrite(result.afterWrite)}` : "")
  );
}

/** One line per endpoint, for the end of the run. */
export function formatSummary(results: EndpointResult[], ceilingReqPerSec: number | null): string {
  const rows: string[][] = [
    [
      "row",
      "cached by",
      "req/s",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "non-2xx",
      "max RSS MB",
      "CPU ms/req",
      "of ceiling",
      "other CPU",
      "vs target / peer",
    ],
  ];
  for (const result of results) {
    const f = result.figures;
    if (result.status === "skipped" || !f) {
      rows.push([result.name, "", "–", "–", "–", "–", "–", "–", "–", "–", "–", `skipped: ${result.skipReason ?? ""}`]);
      continue;
    }
    const notes = result.references
      .map((reference) => {
        const judged = verdict(reference, f, result.cached);
        return judged ? `${reference.kind === "target" ? "target" : reference.label}: ${judged}` : "";
      })
      .filter(Boolean);
    rows.push([
      result.name,
      result.cached ? result.cached.replace(/ cache$/, "") : "–",
      number(f.requestsPerSecond),
      ms(f.latency.p50),
      ms(f.latency.p95 ?? 0),
      ms(f.latency.p99),
      number(f.non2xx),
      number(f.rss.maxMb),
      cpuMs(f.serverCpuMsPerRequest),
      ceilingReqPerSec ? `${number((f.requestsPerSecond / ceilingReqPerSec) * 100, 1)}%` : "–",
      percent(f.otherCpuPercent),
      notes.join("; "),
    ]);
  }
  return formatTable(rows);
}

export function endpointResult(row: Row, path: string): Omit<EndpointResult, "status"> {
  const { endpoint } = row;
  return {
    name: row.name,
    endpoint: endpoint.name,
    viewer: row.viewer,
    description: endpoint.description,
    path,
    cached: endpoint.cachedBy ?? null,
    references: endpoint.references,
  };
}

/** How the uncached rows (the only ones judged) fared against their targets. */
export function formatVerdicts(results: EndpointResult[]): string {
  let met = 0;
  const missed: string[] = [];
  for (const result of results) {
    const f = result.figures;
    if (result.status !== "measured" || !f || result.cached) continue;
    for (const reference of result.references) {
      if (reference.kind !== "target") continue;
      if (verdict(reference, f, null) === "met") met += 1;
      else missed.push(result.name);
    }
  }
  const cached = results.filter((result) => result.status === "measured" && result.cached).length;
  return (
    `Targets, judged on the uncached rows only: ${met} met, ${missed.length} missed` +
    (missed.length ? ` (${missed.join(", ")})` : "") +
    `; ${cached} cached row(s) printed beside them, not judged.`
  );
}

/** The live-events row (bench/sse.ts): streams held, delay from POST to event, memory while holding. */
export function sseVerdict(f: SseFigures): string {
  const misses: string[] = [];
  if (f.opened < sseReferences.connections) misses.push("connections");
  if (f.delay.received === 0 || f.delay.p99 > sseReferences.p99Ms) misses.push("p99");
  if (f.delay.received < f.delay.samples) misses.push("missed events");
  return misses.length ? `MISSED (${misses.join(", ")})` : "met";
}

export function formatSse(f: SseFigures): string {
  const rows: string[][] = [["", "streams", "p50 ms", "p99 ms", "max ms", "RSS MB", ""]];
  rows.push([
    "measured",
    number(f.opened),
    ms(f.delay.p50),
    ms(f.delay.p99),
    ms(f.delay.max),
    `${number(f.rss.heldMb)}`,
    `${number(f.delay.received)}/${number(f.delay.samples)} events; idle ${number(f.rss.idleMb)} MB, ` +
      `≈ ${number(f.rss.perStreamKb, 1)} kB per stream, max ${number(f.rss.maxMb)} MB; POST alone p50 ${ms(f.post.p50)} ms, p99 ${ms(f.post.p99)} ms`,
  ]);
  rows.push([
    "target",
    `≥ ${number(sseReferences.connections)}`,
    "–",
    `≤ ${ms(sseReferences.p99Ms)}`,
    "",
    "",
    `PERFORMANCE.md live events: ${sseVerdict(f)}`,
  ]);
  const memory =
    f.rss.heldMb > memoryReferences.targetMb
      ? `above the ${memoryReferences.targetMb} MB per-process target (set for HTTP load)`
      : `within the ${memoryReferences.targetMb} MB per-process target`;
  return (
    `sse-stream  ${number(f.target)} Server-Sent Events streams held on one process; comments mentioning a member ` +
    `whose stream is open, timed from the POST to the notification event\n${formatTable(rows)}\n` +
    `  opened ${number(f.opened)} of ${number(f.target)} in ${number(f.openSeconds, 1)} s (${number(f.refused)} refused), ` +
    `${number(f.dropped)} dropped while held; open-file limit ${f.fileDescriptorLimit ?? "unlimited"}; ` +
    `${number(f.rss.heldMb)} MB resident while holding them, ${memory}`
  );
}
