import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { Leader, LeadersQuery } from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { ReputationService } from "./reputation.service.ts";

const tags = ["Users"];

/** `/users/leaders` (Vanilla's, reputation add-on). */
export const reputationRoutes: FastifyPluginAsyncTypebox<{ service: ReputationService }> = async (app, { service }) => {
  app.get(
    "/users/leaders",
    {
      schema: {
        tags,
        summary:
          "A leaderboard: members by points, posts or accepted answers in the day, week, month, year or all time, in one category or all (banned, deleted and, as configured, administrators left off).",
        querystring: LeadersQuery,
        response: { 200: Type.Array(Leader) },
      },
    },
    async (request) => service.leaders(request.query, requestContext(request)),
  );
};
