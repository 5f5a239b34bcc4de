import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Health, Readiness } from "@parley/contracts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { expectSchema } from "../../test/content.ts";
import { engines, testDatabaseUrl } from "../../test/databases.ts";
import { redisRelay } from "../../test/redis-relay.ts";

const redisUrl = process.env["TEST_REDIS_URL"] || null;
if (!redisUrl || !testDatabaseUrl)
  console.info("TEST_REDIS_URL or TEST_DATABASE_URL is not set: /readyz's Redis checks are skipped.");

describe.each(engines)("/healthz and /readyz on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("/healthz says which process answered (no cluster worker here)", async () => {
    const response = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expectSchema(Health, response.json());
    expect(response.json()).toEqual({ status: "ok", process: { pid: process.pid, worker: null } });
  });

  it("/readyz is 200 when the database answers, Redis not configured", async () => {
    const response = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expectSchema(Readiness, response.json());
    expect(response.json()).toEqual({
      status: "ok",
      checks: { database: "ok", redis: "off" },
      process: { pid: process.pid, worker: null },
    });
  });
});

describe.skipIf(!redisUrl || !testDatabaseUrl)("/readyz with Redis (postgres)", () => {
  let t: TestApp;
  let relay: Awaited<ReturnType<typeof redisRelay>>;
  beforeAll(async () => {
    relay = await redisRelay(new URL(redisUrl!));
    t = await createTestApp("postgres", { config: { redisUrl: relay.url } });
  });
  afterAll(async () => {
    // Redis back first: the app's connections quit cleanly.
    await t?.close();
    await relay?.cut();
  });

  it("is 200 while Redis answers PING, 503 naming Redis when it cannot be reached, and 200 again once it is back", async () => {
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ok", checks: { database: "ok", redis: "ok" } });

    // The app's Redis connections report each failed reconnect on the console: not this test's output.
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await relay.cut();
    const failing = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(failing.statusCode).toBe(503);
    expectSchema(Readiness, failing.json());
    expect(failing.json()).toMatchObject({ status: "unavailable", checks: { database: "ok", redis: "failed" } });
    // Liveness is not readiness: the process itself still serves.
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

    await relay.restore();
    // ioredis reconnects on its own schedule.
    await vi.waitFor(async () => expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200), {
      timeout: 10_000,
      interval: 100,
    });
    quiet.mockRestore();
  });
});
