import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { TickPost, TickResult } from "@parley/contracts";
import type { TickService } from "./tick.service.ts";

/** A discussion's counted view, told to the site's analytics. */
export type OnView = (request: FastifyRequest, view: { discussionID: number; categoryID: number }) => void;

/** POST /tick: the pages' reports of views (a discussion's views are counted). */
export const tickRoutes: FastifyPluginAsyncTypebox<{
  service: TickService;
  onView: OnView | undefined;
  onPageView: ((request: FastifyRequest) => void) | undefined;
}> = async (app, { service, onView, onPageView }) => {
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
      const { viewed, pageView, ...result } = await service.tick(request.body, {
        viewer: request.viewer,
        userAgent: request.headers["user-agent"],
        ip: request.ip,
      });
      if (viewed) onView?.(request, viewed);
      if (pageView) onPageView?.(request);
      return reply.code(201).send(result);
    },
  );
};
