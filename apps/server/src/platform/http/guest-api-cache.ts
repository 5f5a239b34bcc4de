import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ContentChanges } from "../content-changes.ts";
import type { EventName } from "../events.ts";
import { createTimedStore, type StoredAnswer, type TimedStoreOptions } from "./timed-store.ts";

/** The content events after which a cached guest answer or page may be out of date. */
export const contentEvents: EventName[] = [
  "discussion.created",
  "discussion.updated",
  "discussion.deleted",
  "discussion.moved",
  "comment.created",
  "comment.updated",
  "comment.deleted",
  "reaction.added",
  "reaction.removed",
  "discussions.resolved",
  "permissions.changed",
  "category.changed",
  "theme.changed",
  "layout.changed",
  "subcommunity.changed",
  "config.changed",
  "translation.changed",
  "article.created",
  "article.updated",
  "article.statusChanged",
  "knowledge.changed",
  "group.changed",
  "user.profile.changed",
  // A member renamed or given a title by an administrator, banned, or their ban lifted (by hand or at its end: access
  // changes, which roles and groups change too), shows so in every post's byline.
  "user.updated",
  "user.banned",
  "user.access.changed",
  // A deleted member's posts may go with them.
  "user.deleted",
];

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Told when this cache answers the route for a guest, with the answer's kept headers: the route's handler did
     * not run (search counts the guest's search for the site's analytics). A route option, not a hook, so the
     * in-process reads still serve the route.
     */
    onGuestCacheHit?: (request: FastifyRequest, headers: Readonly<Record<string, string>>) => void;
  }
}

interface CachedAnswer extends StoredAnswer {
  status: number;
  headers: Record<string, string>;
}

/** Headers that belong to the answer itself (paging), kept with the cached body. */
const keptHeaders = [
  "content-type",
  "link",
  "x-app-page-current",
  "x-app-page-limit",
  "x-app-page-result-count",
  "x-app-page-next-url",
  "x-app-page-prev-url",
  "x-app-page-first-url",
  "x-app-page-last-url",
];

/**
 * A guest, or a role token's holder: no cookie and no access token, so the answer depends only on the URL (the role
 * token is in it).
 */
const isAnonymousRead = (request: FastifyRequest) =>
  request.method === "GET" &&
  request.headers.cookie === undefined &&
  request.headers.authorization === undefined &&
  (request.viewer?.via === "guest" || request.viewer?.via === "role-token");

/**
 * Hot API answers for guests, kept briefly (PERFORMANCE.md: "cache … hot API answers, and drop them
 * on the content events that change them"). Any content change drops them all, in every process when
 * Redis is configured (`content-changes.ts`), and they age out within `ttlMs` in any case. Answers that
 * vary by user never come here.
 */
export function registerGuestApiCache(app: FastifyInstance, changes: ContentChanges, options: TimedStoreOptions): void {
  const answers = createTimedStore<CachedAnswer>(options);
  changes.on(() => answers.clear());
  // The path alone: answers' links come from the configured site address, whatever Host the request named.
  const keyOf = (request: FastifyRequest) => request.url;
  const cacheable = (request: FastifyRequest) =>
    isAnonymousRead(request) && request.url.startsWith("/api/v2/") && !request.url.startsWith("/api/v2/users/me");

  app.addHook("preHandler", async (request, reply) => {
    if (!cacheable(request)) return;
    const key = keyOf(request);
    const hit = answers.get(key);
    if (!hit) return;
    reply.code(hit.status).headers({ ...hit.headers, "x-parley-cache": "hit" });
    request.routeOptions.config.onGuestCacheHit?.(request, hit.headers);
    return answers.send(request, reply, key, hit);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode !== 200 || typeof payload !== "string" || !cacheable(request)) return payload;
    if (reply.getHeader("x-parley-cache") === "hit") return payload;
    const headers: Record<string, string> = {};
    for (const name of keptHeaders) {
      const value = reply.getHeader(name);
      if (typeof value === "string") headers[name] = value;
    }
    answers.set(keyOf(request), { status: 200, headers, body: Buffer.from(payload), encoded: {} });
    return payload;
  });
}
