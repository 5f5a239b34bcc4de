import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { ErrorBody, Report, ReportListQuery, ReportPost, ReportReason } from "@parley/contracts";
import { originOf, setPagingHeaders } from "../../platform/http/pagination.ts";
import type { ReportContext, ReportsService } from "./reports.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const tags = ["Reports"];
const IdParams = Type.Object({ reportID: Type.Integer() });
const NoBody = Type.Optional(Type.Unknown({ description: "No body." }));
const contextOf = (request: FastifyRequest): ReportContext => ({
  viewer: request.viewer,
  origin: originOf(request),
  ip: request.ip,
});

/** /reports and /report-reasons. */
export const reportsRoutes: FastifyPluginAsyncTypebox<{ service: ReportsService }> = async (app, { service }) => {
  app.get(
    "/report-reasons",
    { schema: { tags, summary: "The reasons to report a post.", response: { 200: Type.Array(ReportReason) } } },
    async () => service.reasons(),
  );

  app.post(
    "/reports",
    {
      schema: {
        tags,
        summary: "Report a discussion or comment (flag.add).",
        body: ReportPost,
        response: { 201: Report, ...errors },
      },
    },
    async (request) => service.create(request.body, contextOf(request)),
  );

  app.get(
    "/reports",
    {
      schema: {
        tags,
        summary: "The report queue (status new by default) or a record's reports (community.moderate).",
        querystring: ReportListQuery,
        response: { 200: Type.Array(Report), ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.list(request.query, contextOf(request));
      setPagingHeaders(request, reply, { ...result, count: result.items.length, defaults: { limit: 100 } });
      return result.items;
    },
  );

  app.get(
    "/reports/:reportID",
    {
      schema: {
        tags,
        summary: "Get a report (community.moderate).",
        params: IdParams,
        response: { 200: Report, ...errors },
      },
    },
    async (request) => service.get(request.params.reportID, contextOf(request)),
  );

  app.post(
    "/reports/:reportID/dismiss",
    {
      schema: {
        tags,
        summary: "Dismiss a report.",
        params: IdParams,
        body: NoBody,
        response: { 201: Report, ...errors },
      },
    },
    async (request) => service.dismiss(request.params.reportID, contextOf(request)),
  );

  app.patch(
    "/reports/:reportID/reject-record",
    {
      schema: {
        tags,
        summary: "Act on a report: delete the reported post; its open reports are marked escalated.",
        params: IdParams,
        body: NoBody,
        response: { 200: Report, ...errors },
      },
    },
    async (request) => service.rejectRecord(request.params.reportID, contextOf(request)),
  );
};
