import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/** A weak validator (compression may change the bytes, not the meaning): a hash of the body. */
export const weakEtagOf = (body: string) => `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;

/** An `If-None-Match` list names the ETag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
function matches(ifNoneMatch: string, etag: string): boolean {
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim())
    .some((tag) => tag === "*" || tag.replace(/^W\//, "") === opaque);
}

/**
 * Conditional GET (RFC 9110 §13) for an answer whose validator is known: sets `ETag` and `Last-Modified`
 * (`lastModified`, to the second), and says whether to answer 304 with no body: when `If-None-Match` names the
 * ETag or, without `If-None-Match`, when `If-Modified-Since` is not before `Last-Modified`.
 */
export function isNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  lastModified: string,
): boolean {
  const modified = Math.floor(Date.parse(lastModified) / 1000) * 1000;
  reply.header("etag", etag).header("last-modified", new Date(modified).toUTCString());
  const ifNoneMatch = request.headers["if-none-match"];
  const ifModifiedSince = request.headers["if-modified-since"];
  return ifNoneMatch !== undefined
    ? matches(ifNoneMatch, etag)
    : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= modified;
}

/** Conditional GET for a body made whole in memory, its ETag a hash of the body: 304, or the body. */
export function sendConditional(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  lastModified: string,
): FastifyReply | string {
  return isNotModified(request, reply, weakEtagOf(body), lastModified) ? reply.code(304).send() : body;
}
