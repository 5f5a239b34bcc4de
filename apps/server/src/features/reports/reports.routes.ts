import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  Report,
  ReportListQuery,
  ReportPost,
  ReportReason,
  ReportReasonPatch,
  ReportReasonPost,
  ReportReasonQuery,
  NoBody,
  PendingPost,
  PendingPostsQuery,
  ReportApproveRecord,
  ReportCounter,
  ReportCounterQuery,
} from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import type { createReportCounters } from "./reports.automation.ts";
import type { ReportsService } from "./reports.service.ts";
import { requestContext } from "../../platform/http/request-context.ts";

const tags = ["Reports"];
const IdParams = Type.Object({ reportID: Type.Integer() });
const ReasonParams = Type.Object({ reportReasonID: Type.String({ maxLength: 100 }) });
/** /reports and /report-reasons. */
export const reportsRoutes: FastifyPluginAsyncTypebox<{
  service: ReportsService;
  counters: ReturnType<typeof createReportCounters>;
}> = async (app, { service, counters }) => {
  app.get(
    "/reports/automation",
    {
      schema: {
        tags,
        summary:
          "The posts reported at least countReports times (open reports, of a reason when given), in the categories the moderator sees (community.moderate).",
        querystring: ReportCounterQuery,
        response: { 200: Type.Array(ReportCounter) },
      },
    },
    async (request, reply) => {
      const result = await counters(request.query, requestContext(request));
      setPagingHeaders(request, reply, { ...result, count: result.items.length, defaults: { limit: 100 } });
      return result.items;
    },
  );

  app.get(
    "/report-reasons",
    {
      schema: {
        tags,
        summary: "The reasons the viewer may pick to report a post (community.manage: all, and how often used).",
        querystring: ReportReasonQuery,
        response: { 200: Type.Array(ReportReason) },
      },
    },
    async (request) => service.reasons(request.query, request.viewer),
  );

  app.post(
    "/report-reasons",
    {
      schema: {
        tags,
        summary: "Create a report reason (community.manage).",
        body: ReportReasonPost,
        response: { 201: ReportReason },
      },
    },
    async (request) => service.createReason(request.body, request.viewer),
  );

  app.put(
    "/report-reasons/sorts",
    {
      schema: {
        tags,
        summary: "Set the order of report reasons: reason ID → sort (community.manage).",
        body: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await service.sortReasons(request.body, request.viewer);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/report-reasons/:reportReasonID",
    {
      schema: {
        tags,
        summary: "Get a report reason the viewer may pick (404 otherwise).",
        params: ReasonParams,
        querystring: ReportReasonQuery,
        response: { 200: ReportReason },
      },
    },
    async (request) => service.reason(request.params.reportReasonID, request.query, request.viewer),
  );

  app.patch(
    "/report-reasons/:reportReasonID",
    {
      schema: {
        tags,
        summary: "Update a report reason (community.manage).",
        params: ReasonParams,
        body: ReportReasonPatch,
        response: { 200: ReportReason },
      },
    },
    async (request) => service.updateReason(request.params.reportReasonID, request.body, request.viewer),
  );

  app.delete(
    "/report-reasons/:reportReasonID",
    {
      schema: {
        tags,
        summary: "Delete a report reason (community.manage); one that reports used is kept, marked deleted.",
        params: ReasonParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await service.deleteReason(request.params.reportReasonID, request.viewer);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/reports",
    {
      schema: {
        tags,
        summary: "Report a discussion or comment (flag.add).",
        body: ReportPost,
        response: { 201: Report },
      },
    },
    async (request) => service.create(request.body, requestContext(request)),
  );

  app.get(
    "/reports",
    {
      schema: {
        tags,
        summary: "The report queue (status new by default) or a record's reports (community.moderate).",
        querystring: ReportListQuery,
        response: { 200: Type.Array(Report) },
      },
    },
    async (request, reply) => {
      const result = await service.list(request.query, requestContext(request));
      setPagingHeaders(request, reply, { ...result, count: result.items.length, defaults: { limit: 100 } });
      return result.items;
    },
  );

  app.get(
    "/reports/pending-posts",
    {
      schema: {
        tags,
        summary:
          "Parley's: the viewer's own posts awaiting approval (premoderation), oldest first; `discussionID` limits them to one discussion's comments.",
        querystring: PendingPostsQuery,
        response: { 200: Type.Array(PendingPost) },
      },
    },
    async (request) => service.pendingPosts(request.query, requestContext(request)),
  );

  app.get(
    "/reports/:reportID",
    {
      schema: {
        tags,
        summary: "Get a report (community.moderate).",
        params: IdParams,
        response: { 200: Report },
      },
    },
    async (request) => service.get(request.params.reportID, requestContext(request)),
  );

  app.post(
    "/reports/:reportID/dismiss",
    {
      schema: {
        tags,
        summary: "Dismiss a report.",
        params: IdParams,
        body: NoBody,
        response: { 201: Report },
      },
    },
    async (request) => service.dismiss(request.params.reportID, requestContext(request)),
  );

  app.patch(
    "/reports/:reportID/approve-record",
    {
      schema: {
        tags,
        summary:
          "Approve a post held for approval (premoderation; community.moderate, or posts.moderate in its category): it is published as its author, with the moderator's optional edits.",
        params: IdParams,
        body: ReportApproveRecord,
        response: { 200: Report },
      },
    },
    async (request) => service.approveRecord(request.params.reportID, request.body, requestContext(request)),
  );

  app.patch(
    "/reports/:reportID/reject-record",
    {
      schema: {
        tags,
        summary:
          "Act on a report: delete the reported post; its open reports are marked escalated. A held post (premoderation) is discarded with its report.",
        params: IdParams,
        body: NoBody,
        response: { 200: Report },
      },
    },
    async (request) => service.rejectRecord(request.params.reportID, requestContext(request)),
  );
};
