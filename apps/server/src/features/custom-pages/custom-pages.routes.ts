import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { CustomPage, CustomPageListQuery, CustomPageParams, CustomPagePatch, CustomPagePost } from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { CustomPagesService } from "./custom-pages.service.ts";

const tags = ["Custom Pages"];

/** /custom-pages: parse, call the service, set the status. */
export const customPagesRoutes: FastifyPluginAsyncTypebox<{ service: CustomPagesService }> = async (
  app,
  { service },
) => {
  app.get(
    "/custom-pages",
    {
      schema: {
        tags,
        summary: "The custom pages the viewer may see; unpublished ones for site managers.",
        querystring: CustomPageListQuery,
        response: { 200: Type.Array(CustomPage) },
      },
    },
    async (request) => service.list(request.query, requestContext(request)),
  );
  app.post(
    "/custom-pages",
    {
      schema: {
        tags,
        summary: "Create a custom page with its own layout (site.manage).",
        body: CustomPagePost,
        response: { 201: CustomPage },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body, requestContext(request))),
  );
  app.get(
    "/custom-pages/:customPageID",
    {
      schema: {
        tags,
        summary: "A custom page (404 to a viewer who may not see it).",
        params: CustomPageParams,
        response: { 200: CustomPage },
      },
    },
    async (request) => service.get(request.params.customPageID, requestContext(request)),
  );
  app.patch(
    "/custom-pages/:customPageID",
    {
      schema: {
        tags,
        summary: "Change a custom page: only the fields given (site.manage).",
        params: CustomPageParams,
        body: CustomPagePatch,
        response: { 200: CustomPage },
      },
    },
    async (request) => service.update(request.params.customPageID, request.body, requestContext(request)),
  );
  app.delete(
    "/custom-pages/:customPageID",
    {
      schema: {
        tags,
        summary: "Delete a custom page and its layout (site.manage).",
        params: CustomPageParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.customPageID, requestContext(request));
      reply.code(204);
      return null;
    },
  );
};
