import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";
import { useLiveServer } from "../../test/live.ts";
import { createPagesTestApp } from "../../test/pages.ts";

/** One sample of Prometheus' text format: `name{label="value",…} number`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`Not a Prometheus sample: ${line}`);
    const labels = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((label) => [label[1]!, label[2]!]),
    );
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sample of that name whose labels include `labels`; undefined when there is none. */
const sampleOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;

const baseOf = (t: TestApp) => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

describe.each(engines)("GET /metrics on %s", (engine) => {
  // The demo community on a real port; /metrics allows loopback connections by default (no token configured).
  const server = useLiveServer(engine, { reader: { name: "Mia Metrics", role: "member" } });

  async function scrape(): Promise<Sample[]> {
    const response = await fetch(`${server.base}/metrics`);
    expect(response.status).toBe(200);
    return parseSamples(await response.text());
  }

  it("answers a loopback connection in Prometheus' text format, with the process's and the platform's metrics", async () => {
    const response = await fetch(`${server.base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const samples = parseSamples(await response.text());
    const names = new Set(samples.map((sample) => sample.name));
    for (const name of [
      "process_cpu_user_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
      "nodejs_eventloop_lag_p99_seconds",
      "parley_sse_connections",
      "parley_jobs_running",
    ])
      expect(names, name).toContain(name);
    expect(sampleOf(samples, "parley_job_queue", { state: "queued" })).toBe(0);
    expect(sampleOf(samples, "parley_job_queue", { state: "claimed" })).toBe(0);
  });

  it("counts each route's requests by its pattern, never the raw URL", async () => {
    const { f } = server;
    const discussionID = (
      await f.api.get("/api/v2/discussions?limit=1").then((r) => r.json<[{ discussionID: number }]>())
    )[0].discussionID;
    const list = { method: "GET", route: "/api/v2/discussions", status: "200" };
    const one = { method: "GET", route: "/api/v2/discussions/:id", status: "200" };
    const before = await scrape();
    const countBefore = sampleOf(before, "parley_http_request_duration_seconds_count", list) ?? 0;
    const oneBefore = sampleOf(before, "parley_http_request_duration_seconds_count", one) ?? 0;

    for (const query of ["?limit=2", "?limit=3&page=1", ""])
      expect((await fetch(`${server.base}/api/v2/discussions${query}`)).status).toBe(200);
    expect((await fetch(`${server.base}/api/v2/discussions/${discussionID}`)).status).toBe(200);
    expect((await fetch(`${server.base}/api/v2/discussions/999999`)).status).toBe(404);

    const after = await scrape();
    expect(sampleOf(after, "parley_http_request_duration_seconds_count", list)).toBe(countBefore + 3);
    expect(sampleOf(after, "parley_http_request_duration_seconds_count", one)).toBe(oneBefore + 1);
    expect(
      sampleOf(after, "parley_http_request_duration_seconds_count", {
        route: "/api/v2/discussions/:id",
        status: "404",
      }),
    ).toBeGreaterThanOrEqual(1);
    // The histogram's buckets: the fastest bucket can only hold what the +Inf one does.
    const inf = sampleOf(after, "parley_http_request_duration_seconds_bucket", { ...list, le: "+Inf" });
    expect(inf).toBe(countBefore + 3);
    const routes = new Set(after.flatMap((sample) => (sample.labels["route"] ? [sample.labels["route"]] : [])));
    expect([...routes].filter((route) => route.includes("?") || /\/\d+$/.test(route))).toEqual([]);
  });

  it("counts the open Server-Sent Events streams: one more while a stream is open, back when it closes", async () => {
    const { f } = server;
    const before = sampleOf(await scrape(), "parley_sse_connections");
    expect(before).toBe(0);
    const stream = await server.connect(f.as.reader);
    await stream.waitFor("counts");
    expect(sampleOf(await scrape(), "parley_sse_connections")).toBe(1);
    stream.close();
    // The server sees the socket close in its own time.
    await vi.waitFor(async () => expect(sampleOf(await scrape(), "parley_sse_connections")).toBe(0), {
      timeout: 3_000,
      interval: 20,
    });
  });

  it("reports the queue of bulk actions and the scheduled jobs running or failed", async () => {
    const { f } = server;
    const { jobs } = f.t.app.platform;
    const queued = await f.api.request("DELETE", "/api/v2/discussions/list?longRunnerMode=async", {
      body: { discussionIDs: [999_998, 999_999] },
      as: f.admin,
    });
    expect(queued.statusCode, queued.body).toBe(202);
    expect(sampleOf(await scrape(), "parley_job_queue", { state: "queued" })).toBe(1);
    await jobs.runNow("longRunner.queue");
    expect(sampleOf(await scrape(), "parley_job_queue", { state: "queued" })).toBe(0);

    // A job of this test's own, held running until the test lets it finish.
    let finish = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    jobs.register("test.held", () => held, { everyMs: 3_600_000 });
    const running = jobs.runNow("test.held");
    expect(sampleOf(await scrape(), "parley_jobs_running")).toBe(1);
    finish();
    await running;
    expect(sampleOf(await scrape(), "parley_jobs_running")).toBe(0);

    // Its failure is on the console (not this test's output) and in the counter.
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    jobs.register("test.failing", () => Promise.reject(new Error("a failing job")), { everyMs: 3_600_000 });
    await jobs.runNow("test.failing");
    quiet.mockRestore();
    expect(sampleOf(await scrape(), "parley_job_failures_total", { job: "test.failing" })).toBe(1);
  });

  it(`reports the database pool ${engine === "postgres" ? "(the pg pool's clients)" : "(none: SQLite has one connection)"}`, async () => {
    const samples = await scrape();
    if (engine === "postgres") {
      expect(sampleOf(samples, "parley_db_pool_clients", { state: "total" })).toBeGreaterThanOrEqual(1);
      expect(sampleOf(samples, "parley_db_pool_clients", { state: "idle" })).toBeGreaterThanOrEqual(0);
      expect(sampleOf(samples, "parley_db_pool_clients", { state: "waiting" })).toBe(0);
      expect(sampleOf(samples, "parley_db_pool_max")).toBe(4);
    } else {
      expect(samples.some((sample) => sample.name.startsWith("parley_db_pool"))).toBe(false);
    }
  });

  it("is not there for a connection from elsewhere, or relayed by a proxy", async () => {
    const { app } = server.f.t;
    const elsewhere = await app.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.7" });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain("parley_");
    // From the proxy on this machine: the client is somewhere else.
    const relays: Array<Record<string, string>> = [
      { "x-forwarded-for": "127.0.0.1" },
      { forwarded: "for=127.0.0.1" },
      { "x-real-ip": "::1" },
    ];
    for (const headers of relays) {
      const relayed = await fetch(`${server.base}/metrics`, { headers });
      expect(relayed.status, JSON.stringify(headers)).toBe(404);
      expect(await relayed.text()).not.toContain("parley_");
    }
    // An unknown path answers alike.
    const unknown = await app.inject({ method: "GET", url: "/metrics-nope", remoteAddress: "203.0.113.7" });
    expect(elsewhere.body).toBe(unknown.body.replace("/metrics-nope", "/metrics"));
  });
});

describe("GET /metrics with PARLEY_METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite", { config: { metrics: { token: "scrape-secret-1", addresses: "loopback" } } });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    t.app.server.closeAllConnections();
    await t?.close();
  });

  it("is not there without the token, even from loopback, nor with a wrong one", async () => {
    for (const authorization of [
      undefined,
      "Bearer scrape-secret-2",
      "Bearer scrape-secret-1x",
      "Basic scrape-secret-1",
    ]) {
      const response = await fetch(`${baseOf(t)}/metrics`, authorization ? { headers: { authorization } } : {});
      expect(response.status, authorization).toBe(404);
      expect(await response.text()).not.toContain("parley_");
    }
  });

  it("answers the right bearer token from any address (not read as an API access token)", async () => {
    const response = await fetch(`${baseOf(t)}/metrics`, { headers: { authorization: "Bearer scrape-secret-1" } });
    expect(response.status).toBe(200);
    expect(parseSamples(await response.text()).some((sample) => sample.name === "parley_sse_connections")).toBe(true);
    const elsewhere = await t.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: "203.0.113.7",
      headers: { authorization: "Bearer scrape-secret-1", "x-forwarded-for": "198.51.100.1" },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("keeps each app's metrics in its own registry", async () => {
    const other = await createTestApp("sqlite");
    try {
      expect((await other.app.inject({ method: "GET", url: "/api/v2/categories" })).statusCode).toBe(200);
      const response = await t.app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: "Bearer scrape-secret-1" },
      });
      const samples = parseSamples(response.body);
      expect(sampleOf(samples, "parley_http_request_duration_seconds_count", { route: "/api/v2/categories" })).toBe(
        undefined,
      );
    } finally {
      await other.close();
    }
  });
});

describe("GET /metrics refused on a site with pages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createPagesTestApp("sqlite");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("answers as a path that does not exist: the not-found page", async () => {
    const get = (url: string) => t.app.inject({ method: "GET", url, remoteAddress: "203.0.113.7" });
    const [refused, unknown] = [await get("/metrics"), await get("/no-such-page")];
    expect(unknown.statusCode).toBe(404);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers["content-type"]).toBe(unknown.headers["content-type"]);
    const title = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1];
    expect(title(refused.body)).toBeDefined();
    expect(title(refused.body)).toBe(title(unknown.body));
    expect(refused.body).not.toContain("parley_");
  });
});
