import { createHash, timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import { collectDefaultMetrics, Histogram, type Registry } from "prom-client";
import type { MetricsAccess } from "../config.ts";

/** What `PARLEY_METRICS_ADDRESSES`' names stand for (as in `PARLEY_TRUST_PROXY`). */
const NAMED_RANGES: Record<string, Array<[network: string, prefix: number, type: "ipv4" | "ipv6"]>> = {
  loopback: [
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
  ],
  linklocal: [
    ["169.254.0.0", 16, "ipv4"],
    ["fe80::", 10, "ipv6"],
  ],
  uniquelocal: [
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ],
};

const ipType = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4");

/** The addresses and ranges of a checked list (config.ts) as a BlockList to test connections against. */
function allowList(addresses: string): BlockList {
  const list = new BlockList();
  for (const part of addresses.split(",")) {
    const named = NAMED_RANGES[part];
    if (named) for (const [network, prefix, type] of named) list.addSubnet(network, prefix, type);
    else {
      const [address = "", prefix] = part.split("/");
      if (prefix === undefined) list.addAddress(address, ipType(address));
      else list.addSubnet(address, Number(prefix), ipType(address));
    }
  }
  return list;
}

/** Headers a proxy adds to what it relays: a request with any of them came from somewhere else. */
const RELAY_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Who may read /metrics: with a token, whoever sends it as a bearer token (compared in constant time, as
 * digests of equal length); without one, a connection from an allowed address that no proxy relayed (its own
 * address is the peer's: a proxy on this machine would otherwise make every client "loopback").
 */
function accessCheck(access: MetricsAccess): (request: FastifyRequest) => boolean {
  if (access.token !== null) {
    const expected = digest(access.token);
    return (request) => {
      const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? "");
      return match !== null && timingSafeEqual(digest(match[1]!), expected);
    };
  }
  const allowed = allowList(access.addresses);
  return (request) => {
    const address = request.socket.remoteAddress?.replace(/^::ffff:(?=\d+\.)/, "");
    const relayed = RELAY_HEADERS.some((name) => request.headers[name] !== undefined);
    return address !== undefined && !relayed && allowed.check(address, ipType(address));
  };
}

/** Seconds; from a cached read (≈ 1 ms) to a slow page render or bulk action. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * `GET /metrics` in Prometheus' text format, from this app's registry (`platform/metrics.ts`): every request's
 * duration by method, route pattern (never the raw URL: the label's values are the routes') and status; the
 * process's default metrics (CPU, memory and heap, event-loop lag, GC, handles), from the first scrape on;
 * and the gauges the platform and features added. A refused request gets the answer of a path that does not
 * exist: the pages' not-found page (their catch-all renders it) when the app serves pages, else Fastify's.
 */
export function registerMetrics(app: FastifyInstance, registry: Registry, access: MetricsAccess): void {
  const durations = new Histogram({
    name: "parley_http_request_duration_seconds",
    help: "HTTP requests by method, route pattern and status, with their durations (seconds).",
    labelNames: ["method", "route", "status"],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    durations.observe(
      { method: request.method, route: request.routeOptions.url ?? "unmatched", status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  const allowed = accessCheck(access);
  let pages: RouteHandlerMethod | null = null;
  app.addHook("onRoute", (route) => {
    if (route.method === "GET" && route.url === "/*") pages = route.handler;
  });
  const answerUnknown = (request: FastifyRequest, reply: FastifyReply) =>
    pages ? pages.call(app, request, reply) : reply.callNotFound();
  // Started at the first scrape, not with the app: its event-loop monitor and GC observer cannot be stopped,
  // and every app built in a test process would otherwise keep one running.
  let processMetrics = false;
  app.get("/metrics", { schema: { hide: true }, config: { ownAuthorization: true } }, async (request, reply) => {
    if (!allowed(request)) return answerUnknown(request, reply);
    if (!processMetrics) {
      collectDefaultMetrics({ register: registry });
      processMetrics = true;
    }
    const text = await registry.metrics();
    return reply.header("cache-control", "no-store").type(registry.contentType).send(text);
  });
}
