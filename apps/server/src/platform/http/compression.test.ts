import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { build } from "../../../../../scripts/build.mjs";
import { buildApp } from "../../app.ts";
import { createAdmin } from "../../db/seed/admin.ts";
import { seedDemo } from "../../db/seed/demo.ts";
import { loadBuiltWeb } from "../../pages/renderer.ts";
import { testConfig } from "../../test/app.ts";
import { createTestDatabase, engines, type TestDatabase } from "../../test/databases.ts";
import { acceptedEncoding, compressAnswer } from "./compression.ts";

const webDistDir = path.resolve(import.meta.dirname, "../../../../web/dist");
/** What Chromium sends. */
const BROWSER = "gzip, deflate, br, zstd";

const decoded = (encoding: string | undefined, raw: Buffer): string => {
  if (encoding === "br") return zlib.brotliDecompressSync(raw).toString();
  if (encoding === "gzip") return zlib.gunzipSync(raw).toString();
  return raw.toString();
};

describe("acceptedEncoding", () => {
  it("takes the encoding the request weighs highest, brotli on a tie, none for q=0 or identity", () => {
    expect(acceptedEncoding(BROWSER)).toBe("br");
    expect(acceptedEncoding("gzip")).toBe("gzip");
    expect(acceptedEncoding("gzip;q=0.5, br;q=0.4")).toBe("gzip");
    expect(acceptedEncoding("br;q=0, gzip")).toBe("gzip");
    expect(acceptedEncoding("br;q=0, *")).toBe("gzip");
    expect(acceptedEncoding("*")).toBe("br");
    expect(acceptedEncoding("*;q=0")).toBeNull();
    expect(acceptedEncoding("identity")).toBeNull();
    expect(acceptedEncoding("deflate")).toBeNull();
    expect(acceptedEncoding("")).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe("compressAnswer, the last hook of every route", () => {
  /** What the hook hands Fastify to write for `payload`, with compression on or off and the request's encodings. */
  const handed = async (compress: boolean, payload: string, acceptEncoding?: string) => {
    const app = Fastify();
    app.decorate("compressesAnswers", compress);
    let out: unknown;
    app.get("/", (request, reply) => {
      reply.type("text/html; charset=utf-8");
      compressAnswer(request, reply, payload, (_error, result) => (out = result));
      return "";
    });
    const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
    await app.inject({ method: "GET", url: "/", headers });
    await app.close();
    return out;
  };
  const long = "…a page of text…".repeat(1_000);

  it("hands a long text over as its UTF-8 bytes (Node writes long strings far more slowly), a short one as it is", async () => {
    for (const [compress, accept] of [
      [false, BROWSER],
      [true, undefined],
      [true, "identity"],
    ] as const) {
      const out = await handed(compress, long, accept);
      expect(Buffer.isBuffer(out), `compress ${compress}, accept ${accept}`).toBe(true);
      expect((out as Buffer).toString("utf8")).toBe(long);
      expect(await handed(compress, "<p>short</p>", accept)).toBe("<p>short</p>");
    }
    const compressed = await handed(true, long, "gzip");
    expect(zlib.gunzipSync(compressed as Buffer).toString()).toBe(long);
  });
});

describe.each(engines)("compressed answers on %s", (engine) => {
  let app: FastifyInstance;
  let plain: FastifyInstance;
  let database: TestDatabase;
  let clientDir: string;

  beforeAll(async () => {
    await build({ ifNeeded: true, quiet: true });
    database = await createTestDatabase(engine);
    await seedDemo(database.db, await createAdmin(database.db, "test-password"));
    const web = await loadBuiltWeb(webDistDir);
    clientDir = web.clientDir;
    const pages = {
      renderer: async () => web.renderer,
      assets: async () => web.assets,
      clientDir: web.clientDir,
      guestCacheTtlMs: 60_000,
    };
    const options = { config: testConfig(database.dataDir), database, pages, guestApiCacheTtlMs: 60_000 };
    app = await buildApp({ ...options, compress: true });
    plain = await buildApp({ ...options, compress: false });
    await Promise.all([app.ready(), plain.ready()]);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await plain?.close();
    await database?.dispose();
  });

  const get = (server: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
    server.inject({ method: "GET", url, headers: { host: "forum.test", ...headers } });

  it("sends a guest's page in brotli or gzip as accepted, from the cache too, and as is to others", async () => {
    const reference = await get(app, "/discussions");
    expect(reference.headers["content-encoding"]).toBeUndefined();
    expect(reference.body).toContain("<!doctype html>");
    for (const [accept, encoding] of [
      [BROWSER, "br"],
      ["gzip", "gzip"],
      [BROWSER, "br"],
    ] as const) {
      const response = await get(app, "/discussions", { "accept-encoding": accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers["x-parley-cache"]).toBe("hit");
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["vary"]).toContain("Accept-Encoding");
      expect(response.rawPayload.length).toBeLessThan(reference.rawPayload.length / 3);
      expect(decoded(encoding, response.rawPayload)).toBe(reference.body);
    }
    // A page rendered for the request (a cookie: never from the guests' cache) is compressed as it streams.
    const rendered = await get(app, "/categories", { "accept-encoding": BROWSER, cookie: "other=1" });
    expect(rendered.headers["x-parley-cache"]).toBeUndefined();
    expect(rendered.headers["content-encoding"]).toBe("br");
    expect(decoded("br", rendered.rawPayload)).toMatch(/^<!doctype html>.*<h1[^>]*>Categories<\/h1>/s);
  });

  it("compresses API answers over 1 kB, cached guest answers too, and leaves small ones", async () => {
    const url = "/api/v2/discussions?limit=30&expand=insertUser,lastUser";
    const reference = await get(app, url);
    expect(reference.headers["content-encoding"]).toBeUndefined();
    expect(reference.body.length).toBeGreaterThan(1024);
    for (const accept of ["gzip", "gzip", BROWSER]) {
      const response = await get(app, url, { "accept-encoding": accept });
      const encoding = accept === "gzip" ? "gzip" : "br";
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["x-app-page-current"]).toBe("1");
      expect(JSON.parse(decoded(encoding, response.rawPayload))).toEqual(reference.json());
    }
    const small = await get(app, "/api/v2/categories/1", { "accept-encoding": BROWSER });
    expect(small.statusCode).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("serves the build's brotli and gzip copies of the scripts and styles", async () => {
    const assets = fs.readdirSync(path.join(clientDir, "assets"));
    const script = assets.find((name) => /^main-.*\.js$/.test(name))!;
    const original = fs.readFileSync(path.join(clientDir, "assets", script));
    for (const [accept, encoding, suffix] of [
      [BROWSER, "br", ".br"],
      ["gzip", "gzip", ".gz"],
    ] as const) {
      const response = await get(app, `/assets/${script}`, { "accept-encoding": accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["content-type"]).toContain("javascript");
      expect(response.headers["cache-control"]).toContain("immutable");
      expect(response.rawPayload.equals(fs.readFileSync(path.join(clientDir, "assets", script + suffix)))).toBe(true);
      expect(decoded(encoding, response.rawPayload)).toBe(original.toString());
    }
    const identity = await get(app, `/assets/${script}`);
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.rawPayload.equals(original)).toBe(true);
    // The copies are no routes of their own (no GET and HEAD route per copy at start).
    expect(app.routeList.some((route) => route.url === `/assets/${script}`)).toBe(true);
    expect(app.routeList.some((route) => /\.(br|gz)$/.test(route.url))).toBe(false);
  });

  it("compresses nothing when turned off (PARLEY_COMPRESS=false: a proxy in front does it)", async () => {
    const script = fs.readdirSync(path.join(clientDir, "assets")).find((name) => /^main-.*\.js$/.test(name))!;
    for (const url of ["/discussions", "/discussions", "/api/v2/discussions?limit=30", `/assets/${script}`]) {
      const response = await get(plain, url, { "accept-encoding": BROWSER });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBeUndefined();
    }
  });
});
