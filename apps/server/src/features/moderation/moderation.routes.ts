import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AuditLog, AuditLogQuery, ChangeLogEntry, HistoryQuery, limits, NoBody } from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import type { HistoryService } from "./history.service.ts";
import { requestContext } from "../../platform/http/request-context.ts";

const tags = ["Moderation"];
const IdParams = Type.Object({ id: Type.Integer() });
/** Revision history, deleted comments (and their restore) and the audit log. */
export const moderationRoutes: FastifyPluginAsyncTypebox<{ history: HistoryService }> = async (app, { history }) => {
  app.get(
    "/discussions/:id/revisions",
    {
      schema: {
        tags,
        summary: "A discussion's earlier versions, newest first (community.moderate).",
        params: IdParams,
        querystring: HistoryQuery,
        response: { 200: Type.Array(ChangeLogEntry) },
      },
    },
    async (request, reply) => {
      const result = await history.revisions(request.params.id, request.query, requestContext(request));
      setPagingHeaders(request, reply, { ...result, count: result.items.length, defaults: { limit: 30 } });
      return result.items;
    },
  );

  app.get(
    "/discussions/:id/deleted-comments",
    {
      schema: {
        tags,
        summary: "A discussion's deleted comments not restored yet, newest deletion first (community.moderate).",
        params: IdParams,
        querystring: HistoryQuery,
        response: { 200: Type.Array(ChangeLogEntry) },
      },
    },
    async (request, reply) => {
      const result = await history.deletedComments(request.params.id, request.query, requestContext(request));
      setPagingHeaders(request, reply, { ...result, count: result.items.length, defaults: { limit: 30 } });
      return result.items;
    },
  );

  app.post(
    "/log/:id/restore",
    {
      schema: {
        tags,
        summary: "Restore a deleted comment (community.moderate); answers the log entry, now restored.",
        params: IdParams,
        body: NoBody,
        response: { 201: ChangeLogEntry },
      },
    },
    async (request) => history.restore(request.params.id, requestContext(request)),
  );

  app.get(
    "/audit-logs",
    {
      schema: {
        tags,
        summary: "Moderators' and admins' actions, newest first (site.manage).",
        querystring: AuditLogQuery,
        response: { 200: Type.Array(AuditLog) },
      },
    },
    async (request, reply) => {
      const result = await history.auditLogs(request.query, request.viewer);
      setPagingHeaders(request, reply, {
        ...result,
        count: result.items.length,
        defaults: { limit: 30, page: limits.api.defaultPage },
      });
      return result.items;
    },
  );

  app.get(
    "/audit-logs/:id",
    {
      schema: {
        tags,
        summary: "One entry of the audit log (site.manage).",
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: AuditLog },
      },
    },
    async (request) => history.auditLog(request.params.id, request.viewer),
  );
};
