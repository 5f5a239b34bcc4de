import type { FastifyInstance, FastifyRequest } from "fastify";
import { can } from "../../platform/auth/authorize.ts";
import { nowIso } from "../../platform/dates.ts";
import type { ModerationRepo } from "./moderation.repo.ts";

/** Requests never audited: signing in and out, and a member's own settings. */
const skipped = [/^\/api\/v2\/authenticate/, /^\/api\/v2\/notifications/, /^\/api\/v2\/users\/\$me/];
const secret = /password|token|secret|transientKey/i;

/** The body without secrets, as JSON of at most 4,000 characters. */
function contextOf(request: FastifyRequest): string {
  const body = request.body;
  const cleaned =
    typeof body === "string"
      ? "[payload]"
      : body && typeof body === "object"
        ? Object.fromEntries(
            Object.entries(body as Record<string, unknown>).map(([key, value]) => [
              key,
              secret.test(key) ? "[hidden]" : value,
            ]),
          )
        : null;
  const json = JSON.stringify({ params: request.params ?? {}, body: cleaned });
  return json.length > 4000 ? `${json.slice(0, 3997)}...` : json;
}

/** Who counts as staff: the holders of a moderation or administration permission. */
const isStaff = (request: FastifyRequest) =>
  request.viewer.userID !== 0 &&
  (can(request.viewer, "community.moderate") ||
    can(request.viewer, "community.manage") ||
    can(request.viewer, "site.manage"));

/**
 * The audit log (vanilla-auditlog.yml): every change a moderator or an admin makes through the API
 * (a write answered below 300, or 408 for a long-running round), with its method, path, query and a
 * body stripped of secrets. `eventType` is the route, e.g. `patch /discussions/:id`.
 */
export function registerAuditLog(app: FastifyInstance, repo: ModerationRepo): void {
  // Written before the answer leaves (onSend), so a client that saw the answer finds the entry.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return payload;
    const status = reply.statusCode;
    if (!(status < 300 || status === 408)) return payload;
    const path = request.url.split("?")[0] ?? "";
    if (!path.startsWith("/api/v2/") || skipped.some((pattern) => pattern.test(path))) return payload;
    if (!request.viewer || !isStaff(request)) return payload;
    const route = (request.routeOptions.url ?? path).replace(/^\/api\/v2/, "");
    const eventType = `${request.method.toLowerCase()} ${route}`;
    const name = request.viewer.user?.name ?? String(request.viewer.userID);
    try {
      await repo.insertAudit({
        eventType,
        message: `${name}: ${request.method} ${path}`.slice(0, 500),
        requestMethod: request.method,
        requestPath: path.slice(0, 500),
        requestQuery: request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "",
        context: contextOf(request),
        insertUserID: request.viewer.userID,
        insertIPAddress: request.ip,
        dateInserted: nowIso(),
      });
    } catch (error) {
      request.log.error({ err: error }, "audit log write failed");
    }
    return payload;
  });
}
