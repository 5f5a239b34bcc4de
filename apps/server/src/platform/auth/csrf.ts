import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "../errors.ts";
import { originOf } from "../http/pagination.ts";
import { safeEqual } from "./tokens.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin (scheme, host and port) a URL header names; null when it names none (`null`, garbage). */
const originOfHeader = (url: string | undefined): string | null => {
  if (!url || !URL.canParse(url)) return null;
  const { origin } = new URL(url);
  return origin === "null" ? null : origin;
};

/**
 * Whether the request comes from the site's own pages: Origin (or, without it, Referer) is the site's
 * configured address, scheme, host and port alike. Never compared with Host or X-Forwarded-Host, which
 * the sender chooses.
 */
function isSameOrigin(request: FastifyRequest): boolean {
  return originOfHeader(request.headers.origin ?? request.headers.referer) === originOf(request);
}

/**
 * Whether the browser says the request comes from the site's own pages: `Sec-Fetch-Site: same-origin`, or, from
 * a browser that does not send it, Origin (or Referer) the site's address. Silence is not enough.
 */
function isFromOwnPages(request: FastifyRequest): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  return fetchSite === undefined ? isSameOrigin(request) : fetchSite === "same-origin";
}

function transientKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers["x-transient-key"];
  if (typeof header === "string") return header;
  const body = request.body as Record<string, unknown> | null | undefined;
  const fromBody = body && typeof body === "object" ? (body["transientKey"] ?? body["TransientKey"]) : undefined;
  return typeof fromBody === "string" ? fromBody : undefined;
}

/**
 * A browser says where a request comes from; an Origin (or, without one, Referer) other than the site's
 * configured address is another site (`Origin: null` too).
 */
function isCrossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return originOfHeader(origin) !== originOf(request);
  const referer = request.headers.referer;
  return referer !== undefined && originOfHeader(referer) !== originOf(request);
}

/**
 * CSRF, for every non-GET request:
 * - a request a browser marks as coming from another site (Origin, or Referer without it) is refused,
 *   signed in or not, so no site can sign a visitor in or out behind their back;
 * - a request authenticated by the session cookie must also carry the session's transient key
 *   (`X-Transient-Key` or `transientKey` in the body), or come from the site's own origin with
 *   `X-Requested-With`.
 * - a request authenticated by an embed frame's partitioned cookie (`SameSite=None`, sent with the host
 *   site's own requests too) must moreover say it comes from the site's own pages: `Sec-Fetch-Site:
 *   same-origin`, or, without that header, Origin (or Referer) the site's address; one that says nothing is refused.
 * Otherwise 403 "Invalid CSRF token.". Bearer-token requests are exempt: no cookie of theirs can be forged.
 */
export function registerCsrfProtection(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.viewer.via === "bearer") return;
    if (isCrossSite(request)) throw new HttpError(403, "Invalid CSRF token.");
    const session = request.viewer.session;
    if (request.viewer.via !== "cookie" || !session) return;
    if (session.embedded && !isFromOwnPages(request)) throw new HttpError(403, "Invalid CSRF token.");
    const key = transientKeyOf(request);
    if (key !== undefined && safeEqual(key, session.transientKey)) return;
    if (request.headers["x-requested-with"] !== undefined && isSameOrigin(request)) return;
    throw new HttpError(403, "Invalid CSRF token.");
  });
}
