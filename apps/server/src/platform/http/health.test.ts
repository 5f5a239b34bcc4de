import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Health, Readiness } from "@parley/contracts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { expectSchema } from "../../test/content.ts";
import { engines, testDatabaseUrl } from "../../test/databases.ts";

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

/**
 * Redis reached through a TCP relay the test controls: closing it (and cutting its connections) makes
 * Redis unreachable for the app as a network failure would; reopening it on the same port brings it back.
 */
async function redisRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
    async close() {
      await this.cut().catch(() => undefined);
    },
  };
}

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
    await relay?.close();
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
