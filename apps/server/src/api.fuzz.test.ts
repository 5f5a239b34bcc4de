import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { liveStreamPath } from "@parley/contracts";
import type { PlatformConfig } from "./platform/context.ts";
import { createTestApp, type TestApp } from "./test/app.ts";
import { createApi, createUser, guestHeaders, seededAdmin, sessionHeaders, uniqueIp } from "./test/accounts.ts";
import { engines } from "./test/databases.ts";
import {
  createRng,
  generateRequest,
  operationsOf,
  SchemaFiller,
  type FuzzContext,
  type FuzzOperation,
  type FuzzRequest,
  type JsonSchema,
  type OpenApiDocument,
} from "./test/fuzz.ts";

/*
 * The API fuzz suite (issue 25): requests generated from the app's own OpenAPI document for every
 * operation, as a guest, a member and an administrator, on a seeded app. Every answer must be below
 * 500, arrive in time, and leave no error in the app's log. A failure prints the request; the seed
 * (PARLEY_FUZZ_SEED) and the count (PARLEY_FUZZ_REQUESTS) reproduce a run.
 */

const SEED = Number(process.env["PARLEY_FUZZ_SEED"] ?? 20261128);
const REQUESTS: Record<string, number> = {
  sqlite: Number(process.env["PARLEY_FUZZ_REQUESTS"] ?? 20_480),
  postgres: Number(process.env["PARLEY_FUZZ_REQUESTS"] ?? 3_000),
};
/** Requests in flight at once: one, so the state each request meets is the seed's alone (a failure replays). */
const CONCURRENCY = 1;
/** Tells which generated request a log line belongs to. */
const FUZZ_INDEX_HEADER = "x-fuzz-request";
/** An answer slower than this counts as a hang. */
const HANG_MS = 10_000;

/**
 * Settings of the app under fuzz. The seam for limits that would otherwise answer most of a sweep with
 * 429 (still a fine 4xx): raise them here. Each request also comes from an address of its own.
 */
const FUZZ_APP_CONFIG: Partial<PlatformConfig> = { debug: true };

type Role = "guest" | "member" | "admin";
const ROLES: Role[] = ["guest", "member", "admin"];

interface LoggedError {
  level: number;
  reqId?: string;
  msg?: string;
  err?: { message?: string; stack?: string };
}

interface Failure {
  index: number;
  role: Role;
  request: FuzzRequest;
  problem: string;
}

/** Writes that end the session or remove what later requests use run last in each role's sweep. */
const rank = (operation: FuzzOperation) =>
  operation.path === "/api/v2/authenticate"
    ? 3
    : operation.method === "DELETE"
      ? 2
      : operation.path.includes("/ban")
        ? 1
        : 0;

const excerpt = (payload: FuzzRequest["payload"]) => {
  if (payload === undefined) return "(none)";
  const text = typeof payload === "string" ? payload : payload.toString("latin1");
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} bytes)` : text;
};

const describeFailure = (failure: Failure) =>
  [
    `#${failure.index} as ${failure.role} [${failure.request.kind}]: ${failure.problem}`,
    `  ${failure.request.method} ${failure.request.url.length > 300 ? `${failure.request.url.slice(0, 300)}…` : failure.request.url}`,
    `  headers: ${JSON.stringify(failure.request.headers)}`,
    `  body: ${excerpt(failure.request.payload)}`,
  ].join("\n");

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T | "timeout"> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve("timeout"), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/** One request; "timeout" when no answer comes in time. */
async function send(app: FastifyInstance, request: FuzzRequest): Promise<{ status: number; body: string } | "timeout"> {
  const answer = await withTimeout(
    app.inject({
      method: request.method as "GET",
      url: request.url,
      headers: request.headers,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    }),
    HANG_MS,
  );
  return answer === "timeout" ? answer : { status: answer.statusCode, body: answer.body };
}

describe.each(engines)("API fuzz on %s", (engine) => {
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
  });

  it(`answers ${REQUESTS[engine]} generated requests below 500, in time, without logged errors`, async () => {
    const logged: LoggedError[] = [];
    const fuzzIndexOf = new Map<string, number>();
    const requests = new Map<number, { role: Role; request: FuzzRequest }>();
    t = await createTestApp(engine, {
      seed: true,
      extend: (app) => {
        app.addHook("onRequest", (request, _reply, done) => {
          const number = request.headers[FUZZ_INDEX_HEADER];
          if (typeof number === "string") fuzzIndexOf.set(request.id, Number(number));
          done();
        });
      },
      config: FUZZ_APP_CONFIG,
      logger: {
        level: "error",
        stream: { write: (line: string) => void logged.push(JSON.parse(line) as LoggedError) },
      },
    });
    const { app } = t;
    const api = createApi(app);
    const member = await createUser(t.database.db, { name: "Fuzz Member", role: "member" });

    const documentAnswer = await app.inject({ method: "GET", url: "/api/v2/open-api/v3", headers: guestHeaders() });
    expect(documentAnswer.statusCode).toBe(200);
    const document = documentAnswer.json<OpenApiDocument>();
    const rng = createRng(SEED);
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(150);

    const ids = [1, 2, 3, 4, 5, member.userID];
    const filler = new SchemaFiller(document, rng, ids);
    const context: FuzzContext = {
      rng,
      filler,
      pathValues: (name: string, schema: JsonSchema) => {
        if (/userID$/i.test(name)) return String(rng.pick([member.userID, 1, 2]));
        if (name === "themeKey") return rng.pick(["theme-foundation", "theme-dark", "1", "2"]);
        if (name === "localeID" || name === "locale") return rng.pick(["en", "fr", "de"]);
        if (schema.type === "integer" || schema.anyOf || schema.pattern?.includes("\\d"))
          return rng.chance(0.1) && schema.anyOf ? "$me" : String(rng.pick(ids));
        return String(filler.valid(schema));
      },
    };

    // Signed-in sweeps skip the live stream (below): the rounds per operation are worked out on what is sent.
    const fuzzed = ROLES.reduce(
      (count, role) => count + operations.filter((op) => role === "guest" || op.path !== liveStreamPath).length,
      0,
    );
    const perOperation = Math.ceil(REQUESTS[engine]! / fuzzed);
    const failures: Failure[] = [];
    const statuses = { ok: 0, clientError: 0, serverError: 0, hangs: 0, loggedErrors: 0 };
    let index = 0;
    const started = Date.now();

    for (const role of ROLES) {
      // A fresh session per sweep: the previous sweep may have signed out or removed things last.
      const session = role === "guest" ? null : await api.signIn(role === "admin" ? seededAdmin : member);
      const order = operations
        .map((operation) => ({ operation, key: rng.next() }))
        .sort((a, b) => rank(a.operation) - rank(b.operation) || a.key - b.key)
        .map(({ operation }) => operation);
      // Every request of the sweep is generated first, so the seed alone decides them.
      const queue: Array<{ index: number; request: FuzzRequest }> = [];
      for (const operation of order) {
        // A live stream (Server-Sent Events) writes to the socket itself and never ends, which app.inject
        // cannot serve; its refusals (guests) are fuzzed here, its streams by the live tests over HTTP.
        if (session && operation.path === liveStreamPath) continue;
        for (let round = 0; round < perOperation; round++) {
          const request = generateRequest(operation, context);
          index += 1;
          request.headers = {
            ...(session ? sessionHeaders(session) : guestHeaders()),
            "x-forwarded-for": uniqueIp(),
            [FUZZ_INDEX_HEADER]: String(index),
            ...request.headers,
          };
          queue.push({ index, request });
        }
      }
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const { index: number, request } = next;
          const answer = await send(app, request);
          if (answer === "timeout") {
            statuses.hangs += 1;
            failures.push({ index: number, role, request, problem: `no answer within ${HANG_MS} ms` });
          } else if (answer.status >= 500) {
            statuses.serverError += 1;
            failures.push({ index: number, role, request, problem: `${answer.status}: ${answer.body.slice(0, 1500)}` });
          } else if (answer.status >= 400) statuses.clientError += 1;
          else statuses.ok += 1;
          requests.set(number, { role, request });
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    }

    // What the app logged as errors, each beside the request it served (by Fastify's request id).
    for (const entry of logged) {
      statuses.loggedErrors += 1;
      const number = entry.reqId ? fuzzIndexOf.get(entry.reqId) : undefined;
      const served = number === undefined ? undefined : requests.get(number);
      failures.push({
        index: number ?? 0,
        role: served?.role ?? "guest",
        request: served?.request ?? { method: "?", url: "(outside any request)", headers: {}, kind: "background" },
        problem: `logged: ${entry.msg ?? ""} ${entry.err?.stack ?? entry.err?.message ?? ""}`.slice(0, 1500),
      });
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz (${engine}): ${index} requests over ${operations.length} operations × ${ROLES.length} roles in ${seconds} s ` +
        `(seed ${SEED}; ${statuses.ok} × 2xx/3xx, ${statuses.clientError} × 4xx), ${statuses.serverError} × 5xx, ` +
        `${statuses.hangs} hangs, ${statuses.loggedErrors} logged errors`,
    );
    expect(index).toBeGreaterThanOrEqual(REQUESTS[engine]!);
    failures.sort((a, b) => a.index - b.index);
    expect(failures.length, `\n${failures.slice(0, 40).map(describeFailure).join("\n\n")}`).toBe(0);
  }, 600_000);
});
