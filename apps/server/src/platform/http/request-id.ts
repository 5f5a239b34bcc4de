import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** The header a request's id comes in (from a proxy that made one) and goes back in. */
export const REQUEST_ID_HEADER = "x-request-id";

/** What an incoming id may be: a UUID, nginx's `$request_id` (32 hex), a trace id; bounded, safe in a log line. */
const WELL_FORMED = /^[A-Za-z0-9._:+/=-]{1,128}$/;

/**
 * Fastify's `genReqId`: the request's id, logged as `reqId` on each of its log lines and echoed in the
 * X-Request-Id response header. A well-formed incoming X-Request-Id is kept, so a proxy's log and ours share
 * it; anything else (absent, too long, odd characters, repeated) is replaced with a new UUID.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === "string" && WELL_FORMED.test(given) ? given : randomUUID();
}
