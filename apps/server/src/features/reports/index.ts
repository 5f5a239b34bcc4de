import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { createReportsRepo } from "./reports.repo.ts";
import { reportsRoutes } from "./reports.routes.ts";
import { createReportsService, type ReportsDeps, type ReportsService } from "./reports.service.ts";

export type { ReportsService } from "./reports.service.ts";

/** Report counts of many records in one query (`reportMeta`), for the discussions and comments presenters. */
export const createReportMeta = (platform: Platform) => {
  const repo = createReportsRepo(platform.db);
  return (recordType: "discussion" | "comment", recordIDs: number[]) => repo.metaOf(recordType, recordIDs);
};

/** Reports under /api/v2/reports. */
export async function registerReports(
  app: FastifyInstance,
  platform: Platform,
  deps: Omit<ReportsDeps, "repo" | "clock">,
): Promise<ReportsService> {
  const service = createReportsService({ repo: createReportsRepo(platform.db), clock: platform.clock, ...deps });
  await app.register(reportsRoutes, { prefix: "/api/v2", service });
  return service;
}
