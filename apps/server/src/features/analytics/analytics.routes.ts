import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AnalyticsPrivacy, AnalyticsSummary, AnalyticsSummaryQuery } from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { AnalyticsService } from "./analytics.service.ts";

const tags = ["Analytics"];
const noStore = "no-cache, private";

/** /analytics: the reader's privacy choice, and the site's figures for its managers. */
export const analyticsRoutes: FastifyPluginAsyncTypebox<{ service: AnalyticsService }> = async (app, { service }) => {
  app.get(
    "/analytics/privacy",
    {
      schema: {
        tags,
        summary:
          "Whether the viewer's visits are left out of the site's analytics (a guest's choice is their cookie's).",
        response: { 200: AnalyticsPrivacy },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", noStore);
      return service.privacy(request);
    },
  );

  app.post(
    "/analytics/privacy",
    {
      schema: {
        tags,
        summary:
          'Leave the member\'s visits out of the site\'s analytics ("1"), count them ("0"), or follow the default ("-1").',
        body: AnalyticsPrivacy,
        response: { 201: AnalyticsPrivacy },
      },
    },
    async (request, reply) => reply.code(201).send(await service.setPrivacy(request.body, requestContext(request))),
  );

  app.get(
    "/analytics/summary",
    {
      schema: {
        tags,
        summary:
          "A period's analytics (site.manage): each day's page views, visits, active members, new members and posts, the most viewed discussions and categories, and the searches that found nothing.",
        querystring: AnalyticsSummaryQuery,
        response: { 200: AnalyticsSummary },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", noStore);
      return service.summary(request.query, requestContext(request));
    },
  );

  app.get(
    "/analytics/summary.csv",
    {
      schema: {
        tags,
        summary: "A period's daily analytics as CSV, one row a day (site.manage).",
        querystring: AnalyticsSummaryQuery,
        produces: ["text/csv"],
        response: { 200: Type.String() },
      },
    },
    async (request, reply) => {
      const csv = await service.summaryCsv(request.query, requestContext(request));
      return reply
        .header("cache-control", noStore)
        .header("content-disposition", `attachment; filename="analytics-${request.query.from}-${request.query.to}.csv"`)
        .type("text/csv; charset=utf-8")
        .send(csv);
    },
  );
};
