import { AsyncLocalStorage } from "node:async_hooks";
import type { Clock } from "../../platform/clock.ts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Insertable, Kysely } from "kysely";
import { addTransactionHook } from "../../platform/db/transaction-hooks.ts";
import type { AuditLogsTable, DB } from "../../platform/db/schema.ts";
import { moderationPolicy } from "./moderation.policy.ts";
import type { ModerationRepo } from "./moderation.repo.ts";

/**
 * Requests never audited: signing in and out, and a member's own settings (their two-factor sign-in too: its
 * bodies hold codes and passwords, which the log has no use for).
 */
const skipped = [
  /^\/api\/v2\/authenticate/,
  /^\/api\/v2\/notifications/,
  /^\/api\/v2\/users\/\$me/,
  /^\/api\/v2\/users\/me\/two-factor/,
];
const secret = /password|token|secret|transientKey|apiKey|api_key|credential|authorization|cookie/i;
/** How much of a body the audit row keeps: its first levels, keys and characters. */
const KEEP = { depth: 8, keys: 50, items: 50, text: 500, json: 4000 } as const;

/**
 * A copy of a request body fit for the log: secrets hidden under their keys at every depth, and
 * bounded in depth, width and length, so a body nested 5,000 levels deep costs no more than a flat one
 * (and never reaches JSON.stringify's recursion).
 */
function auditedBody(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.length > KEEP.text ? `${value.slice(0, KEEP.text)}...` : value;
  if (!value || typeof value !== "object") return value;
  if (depth >= KEEP.depth) return "[...]";
  if (Array.isArray(value)) return value.slice(0, KEEP.items).map((item) => auditedBody(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .slice(0, KEEP.keys)
      .map(([key, item]) => [key, secret.test(key) ? "[hidden]" : auditedBody(item, depth + 1)]),
  );
}

/** The body without secrets, as JSON of at most 4,000 characters. */
function contextOf(request: FastifyRequest): string {
  const body = request.body;
  const cleaned = typeof body === "string" ? "[payload]" : body && typeof body === "object" ? auditedBody(body) : null;
  const json = JSON.stringify({ params: request.params ?? {}, body: cleaned });
  return json.length > KEEP.json ? `${json.slice(0, KEEP.json - 3)}...` : json;
}

/** A request's audit entry while it runs: written once, by its first committed transaction. */
interface AuditScope {
  request: FastifyRequest;
  written: boolean;
  ended: boolean;
}

const scopes = new AsyncLocalStorage<AuditScope>();
const scopeOf = new WeakMap<FastifyRequest, AuditScope>();
/**
 * Scopes of requests still running. On Node 20 an AsyncLocalStorage in use puts a hook on every
 * promise of the process (promiseInitHook in a profile); only a staff member's write needs one, and
 * the storage is switched off again once none runs, so reads never pay for it.
 */
let running = 0;

/** The path of a moderator's or admin's write through the API (the requests that get an audit row); null otherwise. */
function auditedPath(request: FastifyRequest): string | null {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return null;
  const path = request.url.split("?")[0] ?? "";
  if (!path.startsWith("/api/v2/") || skipped.some((pattern) => pattern.test(path))) return null;
  return request.viewer && moderationPolicy.isStaff(request.viewer) ? path : null;
}

/** The audit row of a moderator's or admin's write through the API; null for anything else. */
function auditRow(request: FastifyRequest, clock: Clock): Insertable<AuditLogsTable> | null {
  const path = auditedPath(request);
  if (path === null) return null;
  const route = (request.routeOptions.url ?? path).replace(/^\/api\/v2/, "");
  const name = request.viewer.user?.name ?? String(request.viewer.userID);
  return {
    eventType: `${request.method.toLowerCase()} ${route}`,
    message: `${name}: ${request.method} ${path}`.slice(0, 500),
    requestMethod: request.method,
    requestPath: path.slice(0, 500),
    requestQuery: request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "",
    context: contextOf(request),
    insertUserID: request.viewer.userID,
    insertIPAddress: request.ip,
    dateInserted: clock.nowIso(),
  };
}

/**
 * The audit log (vanilla-auditlog.yml): every change a moderator or an admin makes through the API,
 * with its method, path, query and a body stripped of secrets. `eventType` is the route, e.g.
 * `patch /discussions/:id`.
 *
 * The row is written inside the request's first transaction, just before it commits: a rolled-back
 * change leaves no row, and a committed one always has its row. A write that uses no transaction
 * (a single statement) gets its row before its answer leaves, when it succeeded (below 300, or 408
 * for a long-running round).
 */
export function registerAuditLog(app: FastifyInstance, db: Kysely<DB>, repo: ModerationRepo, clock: Clock): void {
  addTransactionHook(db, async (trx) => {
    const scope = scopes.getStore();
    if (!scope || scope.written) return;
    const row = auditRow(scope.request, clock);
    if (!row) return;
    await repo.withTransaction(trx).insertAudit(row);
    return () => {
      scope.written = true;
    };
  });

  // After authentication and body parsing: the handler and what it calls run inside the scope.
  app.addHook("preHandler", (request, _reply, done) => {
    if (auditedPath(request) === null) return done();
    const scope: AuditScope = { request, written: false, ended: false };
    scopeOf.set(request, scope);
    running += 1;
    scopes.run(scope, done);
  });
  const end = (request: FastifyRequest) => {
    const scope = scopeOf.get(request);
    if (!scope || scope.ended) return;
    scope.ended = true;
    running -= 1;
    if (running === 0) scopes.disable();
  };
  app.addHook("onResponse", (request, _reply, done) => {
    end(request);
    done();
  });
  app.addHook("onRequestAbort", (request, done) => {
    end(request);
    done();
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const scope = scopeOf.get(request);
    const status = reply.statusCode;
    if (!scope || scope.written || !(status < 300 || status === 408)) return payload;
    const row = auditRow(request, clock);
    if (!row) return payload;
    try {
      await repo.insertAudit(row);
      scope.written = true;
    } catch (error) {
      request.log.error({ err: error }, "audit log write failed");
    }
    return payload;
  });
}
