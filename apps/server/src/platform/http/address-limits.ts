import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorMessages } from "@parley/contracts";
import { HttpError } from "../errors.ts";
import { API_PREFIX } from "./api.ts";
import { clientOf } from "./client-address.ts";
import type { Limiter } from "./rate-limit.ts";

/** Per-address allowances of a minute (0: no limit). */
export interface RateLimits {
  /** Searches (`GET /search`, suggestions included) per client address, signed in or not. */
  searchPerMinute: number;
  /** /api/v2 calls per client address by guests (members have none); page renders' own calls are not counted. */
  guestApiPerMinute: number;
  /** Wrong passwords for one account from every address together, per 15 minutes. */
  signInPerAccount: number;
}

/**
 * A fast guest's client-side browsing makes ≈ 7 calls a page and the title bar's suggestions 5 searches a
 * keystroke; these leave such a reader far below the limit and hold a scraper to 5 searches and 10 calls a second.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = { searchPerMinute: 300, guestApiPerMinute: 600, signInPerAccount: 100 };

export const MINUTE = 60_000;

/** The 429 of a per-address limit, with `Retry-After`. */
export function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number): HttpError {
  reply.header("retry-after", String(retryAfterSeconds));
  return new HttpError(429, errorMessages.tooManyRequests.replace("{seconds}", String(retryAfterSeconds)));
}

/** A request hook counting each request under its client's address; null when the limit is off. */
export function perAddress(limiter: Limiter | null, applies: (request: FastifyRequest) => boolean = () => true) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!limiter || !applies(request)) return;
    const result = await limiter.hit(clientOf(request).address);
    if (!result.allowed) throw tooManyRequests(reply, result.retryAfterSeconds);
  };
}

/**
 * Guests' /api/v2 calls per address and minute (after the viewer is known, before the guest answer cache).
 * The calls a page render makes are not counted: the page request was the client's, and its ≈ 7 calls
 * would otherwise spend a reader's allowance seven times over.
 */
export function registerGuestApiLimit(app: FastifyInstance, limiter: Limiter | null): void {
  if (!limiter) return;
  app.addHook(
    "onRequest",
    perAddress(
      limiter,
      (request) =>
        request.viewer?.userID === 0 &&
        request.method !== "OPTIONS" &&
        (request.url.startsWith(`${API_PREFIX}/`) || request.url === API_PREFIX) &&
        !clientOf(request).ssr,
    ),
  );
}
