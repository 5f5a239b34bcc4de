import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../app.ts";
import { createAdmin } from "../db/seed/admin.ts";
import { openDatabase } from "../platform/db/database.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";

/**
 * `npm run bench:analytics` (issue 40): the analytics summary a site manager's dashboard asks for, over a year's
 * rollups as a 1M-post site makes them. The summary reads only the rollups (`analyticsDaily`) and names its top
 * discussions and categories by id, so what is seeded is a year of those: each day's six measures, the views of
 * `--discussions-per-day` discussions (ids spread over a million-post site's 100,000 discussions, a few very
 * popular), `--categories` categories' views and `--searches-per-day` searches that found nothing. Then it asks
 * for the year, a quarter and a month, one request at a time as the administrator (in-process, `app.inject`),
 * and prints p50 / p95 / max. No cache answers the summary. PostgreSQL with `--database-url=postgres://…` (schema
 * `bench_analytics`, dropped first).
 */
const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    days: { type: "string", default: "365" },
    "discussions-per-day": { type: "string", default: "3000" },
    categories: { type: "string", default: "50" },
    "searches-per-day": { type: "string", default: "300" },
    requests: { type: "string", default: "30" },
  },
});
const databaseUrl = values["database-url"];
const engine = databaseUrl ? "postgres" : "sqlite";
const days = Number(values.days);
const discussionsPerDay = Number(values["discussions-per-day"]);
const categories = Number(values.categories);
const searchesPerDay = Number(values["searches-per-day"]);
const requests = Number(values.requests);

/** A deterministic generator (mulberry32): the same rollups each run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const dayOf = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-analytics-"));
const database = await openDatabase({
  sqliteFile: path.join(dataDir, "parley.sqlite"),
  databaseUrl: databaseUrl ?? null,
  ...(databaseUrl ? { schema: "bench_analytics" } : {}),
});
if (databaseUrl) await sql`drop schema if exists bench_analytics cascade`.execute(database.db);
await migrateToLatest(database);
const password = "bench-analytics-password";
await createAdmin(database.db, password, 2 ** 10);
const origin = "http://forum.test";
const app = await buildApp({
  config: {
    debug: false,
    dataDir,
    redisUrl: null,
    smtpUrl: null,
    mailFrom: "Parley <noreply@parley.test>",
    confirmEmail: true,
    newMemberLimits: false,
    publicUrl: origin,
    rateLimits: { searchPerMinute: 0, guestApiPerMinute: 0 },
  },
  database,
});
await app.ready();
const headers = { host: "forum.test", "x-requested-with": "vanilla", origin };
const signedIn = await app.inject({
  method: "POST",
  url: "/api/v2/authenticate/password",
  headers,
  payload: { username: "admin", password },
});
if (signedIn.statusCode !== 201) throw new Error(`Signing in answered ${signedIn.statusCode}: ${signedIn.body}`);
const cookie = [signedIn.headers["set-cookie"] ?? []]
  .flat()
  .map((line) => line.split(";")[0])
  .join("; ");
try {
  const db = database.db;
  const next = random(40);
  const started = performance.now();
  let rows = 0;
  // The keyed counts' monthly rollups, as the recorder adds to them with each day's.
  const months = new Map<string, { metric: string; day: string; key: string; count: number }>();
  const insert = async (list: Array<{ metric: string; day: string; key: string; count: number }>) => {
    for (let i = 0; i < list.length; i += 400)
      await db
        .insertInto("analyticsDaily")
        .values(list.slice(i, i + 400))
        .onConflict((oc) => oc.columns(["metric", "day", "key"]).doNothing())
        .execute();
  };
  for (let offset = 0; offset < days; offset++) {
    const day = dayOf(offset);
    const batch: Array<{ metric: string; day: string; key: string; count: number }> = [];
    const posts = 2_700 + Math.floor(next() * 300);
    for (const [metric, count] of [
      ["pageViews", posts * 40],
      ["visits", posts * 6],
      ["activeMembers", 900 + Math.floor(next() * 200)],
      ["newMembers", 25 + Math.floor(next() * 10)],
      ["discussions", Math.floor(posts / 10)],
      ["comments", posts - Math.floor(posts / 10)],
    ] as const)
      batch.push({ metric, day, key: "", count });
    const viewed = new Set<number>();
    while (viewed.size < discussionsPerDay) viewed.add(1 + Math.floor(next() ** 3 * 100_000));
    for (const id of viewed)
      batch.push({ metric: "discussionViews", day, key: String(id), count: 1 + Math.floor(400 / (1 + id / 50)) });
    for (let id = 1; id <= categories; id++)
      batch.push({ metric: "categoryViews", day, key: String(id), count: Math.floor(5_000 / id) });
    for (let i = 0; i < searchesPerDay; i++)
      batch.push({ metric: "searchWithoutResults", day, key: `words ${Math.floor(next() ** 2 * 5_000)}`, count: 1 });
    const unique = new Map(batch.map((row) => [`${row.metric} ${row.key}`, row]));
    const list = [...unique.values()];
    await insert(list);
    rows += list.length;
    for (const row of list) {
      if (row.key === "") continue;
      const id = `${row.metric} ${day.slice(0, 7)} ${row.key}`;
      const month = months.get(id);
      if (month) month.count += row.count;
      else months.set(id, { metric: `month:${row.metric}`, day: day.slice(0, 7), key: row.key, count: row.count });
    }
  }
  await insert([...months.values()]);
  rows += months.size;
  const seeded = performance.now();
  // The finished days and months trimmed to their most counted keys, as the first write of analytics on a day does.
  const searched = await app.inject({
    method: "GET",
    url: "/api/v2/search?query=nothing-matches-this",
    headers: { ...headers, cookie, "user-agent": "Mozilla/5.0 (bench)" },
  });
  if (searched.statusCode !== 200) throw new Error(`The search answered ${searched.statusCode}: ${searched.body}`);
  await app.flushAnalytics();
  const kept = await db
    .selectFrom("analyticsDaily")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  console.log(
    `compacted ${rows.toLocaleString("en")} rows to ${Number(kept.count).toLocaleString("en")} in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );
  if (engine === "postgres") await sql`analyze "analyticsDaily"`.execute(db);
  else await sql`analyze`.execute(db);
  console.log(
    `${engine}: ${rows.toLocaleString("en")} rollup rows for ${days} days, seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const today = dayOf(0);
  for (const [label, span] of [
    ["a year", days],
    ["a quarter", 90],
    ["a month", 30],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < requests + 3; i++) {
      const from = dayOf(span - 1);
      const begin = performance.now();
      const response = await app.inject({
        method: "GET",
        url: `/api/v2/analytics/summary?from=${from}&to=${today}`,
        headers: { ...headers, cookie },
      });
      const elapsed = performance.now() - begin;
      if (response.statusCode !== 200) throw new Error(`The summary answered ${response.statusCode}: ${response.body}`);
      if (i >= 3) times.push(elapsed); // The first three warm the process.
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(
      `analytics summary, ${label} (${span} days): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${times.at(-1)!.toFixed(1)} ms (${times.length} requests, one at a time)`,
    );
  }
} finally {
  await app.close();
  if (databaseUrl) await sql`drop schema if exists bench_analytics cascade`.execute(database.db);
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
