import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorMessages } from "@parley/contracts";
import { createApi, createCast, uniqueIp, type Api, type Session } from "../../test/accounts.ts";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app.ts";
import { createTestApp, testConfig, type TestApp } from "../../test/app.ts";
import { openDatabase, type Database } from "../db/database.ts";
import { engines } from "../../test/databases.ts";
import { DEFAULT_RATE_LIMITS } from "./address-limits.ts";
import { SSR_CLIENT_HEADER, ssrClientHeaderValue } from "./client-address.ts";

const redisUrl = process.env["TEST_REDIS_URL"] || null;

/** An address no other run of this file (or another file on the same Redis) counts under. */
const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const tooMany = expect.stringMatching(
  new RegExp(`^${errorMessages.tooManyRequests.replace(".", "\\.").replace("{seconds}", "\\d+")}$`),
) as string;

function expectRefused(response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.json()).toEqual({ message: tooMany, status: 429, description: null });
}

describe.each(engines)("per-address limits on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let member: Session;

  beforeAll(async () => {
    t = await createTestApp(engine, { config: { rateLimits: { searchPerMinute: 4, guestApiPerMinute: 6 } } });
    api = createApi(t.app);
    const cast = await createCast(t.database.db, { member: { name: "Sam Searcher", role: "member" } });
    member = await api.signIn(cast.member);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("holds a guest to the API calls of a minute per address: 429 with Retry-After, other addresses go on", async () => {
    const ip = uniqueIp();
    for (let call = 1; call <= 6; call++) expect((await api.get("/api/v2/categories", { ip })).statusCode).toBe(200);
    expectRefused(await api.get("/api/v2/discussions", { ip }));
    // Writes count too, and unknown paths: whatever the guest calls.
    expectRefused(await api.post("/api/v2/authenticate/password", { username: "a", password: "b" }, { ip }));
    expect((await api.get("/api/v2/categories", { ip: uniqueIp() })).statusCode).toBe(200);
  });

  it("leaves signed-in members out of the guests' limit", async () => {
    const ip = uniqueIp();
    for (let call = 1; call <= 12; call++)
      expect((await api.get("/api/v2/categories", { as: member, ip })).statusCode).toBe(200);
    // The same address as a guest still has its own allowance.
    expect((await api.get("/api/v2/categories", { ip })).statusCode).toBe(200);
  });

  it("holds every searcher, members too, to the searches of a minute per address", async () => {
    for (const as of [null, member]) {
      const ip = uniqueIp();
      for (let search = 1; search <= 4; search++)
        expect((await api.get("/api/v2/search?query=anything", { as, ip })).statusCode).toBe(200);
      expectRefused(await api.get("/api/v2/search?query=anything&matchMode=prefix", { as, ip }));
      // Other calls from that address are not searches.
      expect((await api.get("/api/v2/categories", { as, ip })).statusCode).toBe(200);
    }
  });

  it("counts a page render's calls for its reader only when they carry this process's secret", async () => {
    const ip = uniqueIp();
    const reader = randomAddress();
    // A render's calls come from loopback; the header names the page's reader.
    const rendered = { ip, headers: { [SSR_CLIENT_HEADER]: ssrClientHeaderValue(reader) } };
    // Not counted against the guests' limit (the page request was the reader's)…
    for (let call = 1; call <= 10; call++) expect((await api.get("/api/v2/categories", rendered)).statusCode).toBe(200);
    // …but a render's search is the reader's search, under the reader's address, not the proxy's.
    for (let search = 1; search <= 4; search++)
      expect((await api.get("/api/v2/search?query=x", rendered)).statusCode).toBe(200);
    expectRefused(await api.get("/api/v2/search?query=x", { ip: reader }));
    expect((await api.get("/api/v2/search?query=x", { ip })).statusCode).toBe(200);

    // A forged header is no secret: counted as the caller.
    const forged = { ip: uniqueIp(), headers: { [SSR_CLIENT_HEADER]: "guess 10.9.9.9" } };
    for (let call = 1; call <= 6; call++) expect((await api.get("/api/v2/categories", forged)).statusCode).toBe(200);
    expectRefused(await api.get("/api/v2/categories", forged));
  });
});

describe("per-address limits with the defaults", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite", { config: { rateLimits: DEFAULT_RATE_LIMITS } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lets a fast guest through: a page's worth of calls and a typed search's suggestions are far inside them", async () => {
    const api = createApi(t.app);
    const ip = uniqueIp();
    // Twenty words typed into the title bar's search, five sources each.
    for (let keystroke = 0; keystroke < 20; keystroke++)
      for (const domain of ["discussions", "knowledgeBase", "people", "places", "group"]) {
        const response = await api.get(`/api/v2/search?query=w${keystroke}&domain=${domain}&matchMode=prefix`, { ip });
        expect(response.statusCode).not.toBe(429);
      }
  }, 60_000);
});

describe.runIf(redisUrl)("per-address limits shared through Redis", () => {
  const config = { redisUrl, rateLimits: { searchPerMinute: 4, guestApiPerMinute: 6 } };
  let a: TestApp;
  /** A second process of the same site: its own connection to A's database file, the same Redis. */
  let b: FastifyInstance;
  let bDatabase: Database;
  beforeAll(async () => {
    a = await createTestApp("sqlite", { config });
    bDatabase = await openDatabase({ databaseUrl: null, sqliteFile: a.database.sqliteFile! });
    b = await buildApp({ config: testConfig(a.database.dataDir, config), database: bDatabase });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  it("counts one address's calls and searches on every process together", async () => {
    const [apiA, apiB] = [createApi(a.app), createApi(b)];
    const ip = randomAddress();
    for (let call = 1; call <= 3; call++) {
      expect((await apiA.get("/api/v2/categories", { ip })).statusCode).toBe(200);
      expect((await apiB.get("/api/v2/categories", { ip })).statusCode).toBe(200);
    }
    expectRefused(await apiA.get("/api/v2/categories", { ip }));
    expectRefused(await apiB.get("/api/v2/categories", { ip }));

    const searcher = randomAddress();
    const { member } = await createCast(bDatabase.db, { member: { name: "Redis Reader", role: "member" } });
    const session = await apiB.signIn(member);
    for (let search = 1; search <= 2; search++) {
      expect((await apiA.get("/api/v2/search?query=x", { ip: searcher })).statusCode).toBe(200);
      expect((await apiB.get("/api/v2/search?query=x", { as: session, ip: searcher })).statusCode).toBe(200);
    }
    expectRefused(await apiA.get("/api/v2/search?query=x", { ip: searcher }));
  });
});
