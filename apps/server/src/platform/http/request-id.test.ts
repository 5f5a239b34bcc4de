import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  status?: number;
}

describe.each(engines)("request ids on %s", (engine) => {
  let t: TestApp;
  const logged: LogLine[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, {
      // Collected, not printed: the test reads what the server would log.
      logger: { level: "info", stream: { write: (line: string) => void logged.push(JSON.parse(line) as LogLine) } },
      extend: (app) => {
        app.get("/api/v2/test-request-id-crash", { schema: { response: { 200: Type.Object({}) } } }, async () => {
          throw new Error("a failure to trace");
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const linesOf = (id: string) => logged.filter((line) => line.reqId === id);
  const get = (url: string, id?: string | string[]) =>
    t.app.inject({ method: "GET", url, headers: id === undefined ? {} : { "x-request-id": id } });

  it("keeps a well-formed incoming X-Request-Id, echoes it and logs the request under it", async () => {
    for (const id of ["3f2a9c1e5b7d4e6f8a0b1c2d3e4f5a6b", "edge-7:trace.42", "b3JpZ2luYWw+/="]) {
      const response = await get("/api/v2/categories", id);
      expect(response.statusCode).toBe(200);
      expect(response.headers["x-request-id"]).toBe(id);
      expect(linesOf(id)).toEqual([expect.objectContaining({ msg: "request", status: 200 })]);
    }
  });

  it("makes one when none comes, a new one per request", async () => {
    const first = await get("/healthz");
    const second = await get("/healthz");
    const ids = [first.headers["x-request-id"], second.headers["x-request-id"]] as string[];
    for (const id of ids) {
      expect(id).toMatch(UUID);
      expect(linesOf(id)).toHaveLength(1);
    }
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("replaces an incoming id that is too long, has unsafe characters or comes twice", async () => {
    for (const given of ["x".repeat(129), "has space", "<script>", "line\u00e9", ["one", "two"]]) {
      const response = await get("/api/v2/categories", given);
      const id = response.headers["x-request-id"] as string;
      expect(id, String(given)).toMatch(UUID);
      expect(linesOf(id)).toHaveLength(1);
    }
  });

  it("carries the id on error answers and on every log line of the failing request", async () => {
    const id = "trace-500-a";
    const crash = await get("/api/v2/test-request-id-crash", id);
    expect(crash.statusCode).toBe(500);
    expect(crash.headers["x-request-id"]).toBe(id);
    expect(linesOf(id)).toEqual([
      expect.objectContaining({ level: 50, msg: "unhandled error" }),
      expect.objectContaining({ level: 30, msg: "request", status: 500 }),
    ]);

    const missing = await get("/api/v2/discussions/999999", "trace-404-b");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["x-request-id"]).toBe("trace-404-b");
    expect(linesOf("trace-404-b")).toEqual([expect.objectContaining({ msg: "request", status: 404 })]);
  });
});
