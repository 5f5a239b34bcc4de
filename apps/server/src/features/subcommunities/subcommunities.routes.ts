import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { Subcommunity, SubcommunityParams, SubcommunityPatch, SubcommunityPost } from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { SubcommunitiesService } from "./subcommunities.service.ts";

const tags = ["Subcommunities"];

/** /subcommunities: parse, call the service, set the status. */
export const subcommunitiesRoutes: FastifyPluginAsyncTypebox<{ service: SubcommunitiesService }> = async (
  app,
  { service },
) => {
  app.get(
    "/subcommunities",
    {
      schema: {
        tags,
        summary: "The site's subcommunities, in the picker's order.",
        response: { 200: Type.Array(Subcommunity) },
      },
    },
    async (request) => service.list(requestContext(request)),
  );
  app.post(
    "/subcommunities",
    {
      schema: {
        tags,
        summary: "Add a subcommunity: a section at /{folder} over a root category (site.manage).",
        body: SubcommunityPost,
        response: { 201: Subcommunity },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body, requestContext(request))),
  );
  app.get(
    "/subcommunities/:subcommunityID",
    {
      schema: { tags, summary: "A subcommunity.", params: SubcommunityParams, response: { 200: Subcommunity } },
    },
    async (request) => service.get(request.params.subcommunityID, requestContext(request)),
  );
  app.patch(
    "/subcommunities/:subcommunityID",
    {
      schema: {
        tags,
        summary: "Change a subcommunity: only the fields given (site.manage).",
        params: SubcommunityParams,
        body: SubcommunityPatch,
        response: { 200: Subcommunity },
      },
    },
    async (request) => service.update(request.params.subcommunityID, request.body, requestContext(request)),
  );
  app.delete(
    "/subcommunities/:subcommunityID",
    {
      schema: {
        tags,
        summary: "Remove a subcommunity; its category and content stay (site.manage).",
        params: SubcommunityParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.subcommunityID, requestContext(request));
      reply.code(204);
      return null;
    },
  );
};
