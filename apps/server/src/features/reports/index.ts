import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { createReportCounters } from "./reports.automation.ts";
import { createReportsRepo } from "./reports.repo.ts";
import { reportsRoutes } from "./reports.routes.ts";
import { createReportsService, type ReportsDeps, type ReportsService } from "./reports.service.ts";

export type { ReportsService } from "./reports.service.ts";

/** Report counts of many records in one query (`reportMeta`), for the discussions and comments presenters. */
export const createReportMeta = (platform: Platform) => {
  const repo = createReportsRepo(platform.db);
  return (recordType: "discussion" | "comment", recordIDs: number[]) => repo.metaOf(recordType, recordIDs);
};

/** Reports under /api/v2/reports, and the premoderation queue (pending reports). */
export async function registerReports(
  app: FastifyInstance,
  platform: Platform,
  deps: Omit<ReportsDeps, "repo" | "clock" | "events" | "viewerOf">,
): Promise<ReportsService> {
  const repo = createReportsRepo(platform.db);
  const service = createReportsService({
    repo,
    clock: platform.clock,
    events: platform.events,
    // A held post's author as a viewer now: their current permissions decide whether it may still be written.
    viewerOf: async (userID) => {
      const user = await repo.author(userID);
      return user && user.deleted === 0 && user.banned === 0 ? platform.sessions.viewerFor(user, "cookie", null) : null;
    },
    ...deps,
  });
  // Posts the screen holds (premoderation) wait on pending reports.
  platform.screening.useQueue(service.premoderationQueue);
  const counters = createReportCounters(repo, deps.categories);
  await app.register(reportsRoutes, { prefix: "/api/v2", service, counters });
  return service;
}
