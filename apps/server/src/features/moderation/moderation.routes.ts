import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { AuditLog, AuditLogQuery, ChangeLogEntry, ErrorBody, HistoryQuery, limits, NoBody } from "@parley/contracts";
import { originOf, setPagingHeaders } from "../../platform/http/pagination.ts";
import type { HistoryContext, HistoryService } from "./history.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ["Moderation"];
const IdParams = Type.Object({ id: Type.Integer() });
const contextOf = (request: FastifyRequest): HistoryContext => ({ viewer: request.viewer, origin: originOf(request) });

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
        response: { 200: Type.Array(ChangeLogEntry), ...errors },
      },
    },
    async (request, reply) => {
      const result = await history.revisions(request.params.id, request.query, contextOf(request));
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
        response: { 200: Type.Array(ChangeLogEntry), ...errors },
      },
    },
    async (request, reply) => {
      const result = await history.deletedComments(request.params.id, request.query, contextOf(request));
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
        response: { 201: ChangeLogEntry, ...errors },
      },
    },
    async (request) => history.restore(request.params.id, contextOf(request)),
  );

  app.get(
    "/audit-logs",
    {
      schema: {
        tags,
        summary: "Moderators' and admins' actions, newest first (site.manage).",
        querystring: AuditLogQuery,
        response: { 200: Type.Array(AuditLog), ...errors },
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
};
