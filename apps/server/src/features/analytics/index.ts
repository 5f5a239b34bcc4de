import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { createAnalyticsRecorder, ANALYTICS_FLUSH_MS } from "./analytics.recorder.ts";
import { createAnalyticsRepo } from "./analytics.repo.ts";
import { analyticsRoutes } from "./analytics.routes.ts";
import { createAnalyticsService, type AnalyticsRecords, type AnalyticsService } from "./analytics.service.ts";

export type { AnalyticsRecords, AnalyticsService, NamedRecord } from "./analytics.service.ts";
/** The rollups, for the import (it recounts the posts and members it brought). */
export { createAnalyticsRepo } from "./analytics.repo.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Adds the analytics gathered so far to the rollups (the server does it every few seconds and as it closes). */
    flushAnalytics: () => Promise<void>;
  }
}

/**
 * Analytics (issue 40, item 2; docs/features/analytics.md): page views, visits, active and new members, posts, the
 * most viewed discussions and categories and the searches that found nothing, gathered in memory and added to
 * daily rollups in batches; a reader who says no (their choice, Do Not Track, Global Privacy Control) is not
 * counted. `GET/POST /analytics/privacy`, `GET /analytics/summary` (site managers) and its CSV.
 */
export async function registerAnalytics(
  app: FastifyInstance,
  platform: Platform,
  deps: { records: AnalyticsRecords },
): Promise<AnalyticsService> {
  const repo = createAnalyticsRepo(platform.db, platform.database.dialect);
  // A new or upgraded database (its seed, an import before the first start): the posts and members there are counted.
  if (!(await repo.hasContentCounts())) await repo.recountContent();
  const recorder = createAnalyticsRecorder({ repo, now: () => platform.clock.nowIso() });
  const service = createAnalyticsService({
    repo,
    recorder,
    records: deps.records,
    today: () => platform.clock.nowIso().slice(0, 10),
  });

  platform.events.on("discussion.created", ({ insertUserID }) => {
    recorder.count("discussions");
    recorder.record({ userID: insertUserID, ip: "", userAgent: "" }, { kind: "active" });
  });
  platform.events.on("comment.created", ({ insertUserID }) => {
    recorder.count("comments");
    recorder.record({ userID: insertUserID, ip: "", userAgent: "" }, { kind: "active" });
  });
  platform.events.on("user.created", () => recorder.count("newMembers"));

  const flush = () =>
    recorder.flush().catch((error: unknown) => app.log.error({ err: error }, "Could not write analytics."));
  const timer = setInterval(() => void flush(), ANALYTICS_FLUSH_MS);
  timer.unref();
  app.decorate("flushAnalytics", flush);
  app.addHook("preClose", async () => {
    clearInterval(timer);
    await flush();
  });
  await app.register(analyticsRoutes, { prefix: "/api/v2", service });
  return service;
}
