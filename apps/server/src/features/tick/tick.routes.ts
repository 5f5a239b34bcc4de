import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { TickPost, TickResult } from "@parley/contracts";
import type { TickService } from "./tick.service.ts";

/** POST /tick: the pages' reports of views (a discussion's views are counted). */
export const tickRoutes: FastifyPluginAsyncTypebox<{ service: TickService }> = async (app, { service }) => {
  app.post(
    "/tick",
    {
      schema: {
        tags: ["Tick"],
        summary: "Report a page view, a search or a link followed out; a discussion's view is counted.",
        body: TickPost,
        response: { 201: TickResult },
      },
    },
    async (request, reply) => {
      const result = await service.tick(request.body, {
        viewer: request.viewer,
        userAgent: request.headers["user-agent"],
        ip: request.ip,
      });
      return reply.code(201).send(result);
    },
  );
};
