import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/** A weak validator (compression may change the bytes, not the meaning): a hash of the body. */
const weakEtagOf = (body: string) => `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;

/** An `If-None-Match` list names the ETag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
function matches(ifNoneMatch: string, etag: string): boolean {
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim())
    .some((tag) => tag === "*" || tag.replace(/^W\//, "") === opaque);
}

/**
 * Conditional GET (RFC 9110 §13) for a body made whole in memory: sets `ETag` (a hash of the body) and
 * `Last-Modified` (`lastModified`, to the second), then answers 304 with no body when `If-None-Match` names the
 * ETag or, without `If-None-Match`, when `If-Modified-Since` is not before `Last-Modified`; else the body.
 */
export function sendConditional(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  lastModified: string,
): FastifyReply | string {
  const etag = weakEtagOf(body);
  const modified = Math.floor(Date.parse(lastModified) / 1000) * 1000;
  reply.header("etag", etag).header("last-modified", new Date(modified).toUTCString());
  const ifNoneMatch = request.headers["if-none-match"];
  const ifModifiedSince = request.headers["if-modified-since"];
  const notModified =
    ifNoneMatch !== undefined
      ? matches(ifNoneMatch, etag)
      : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= modified;
  return notModified ? reply.code(304).send() : body;
}
