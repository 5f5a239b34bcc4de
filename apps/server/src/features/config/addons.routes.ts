import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AddonIDParams, AddonListQuery, AddonPatch } from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { AddonsService } from "./config.addons.ts";

const tags = ["Addons"];

/** GET /addons, GET and PATCH /addons/{addonID} (dashboard-addons.yml; site.manage). */
export const addonsRoutes: FastifyPluginAsyncTypebox<{ service: AddonsService }> = async (app, { service }) => {
  app.get(
    "/addons",
    {
      schema: {
        tags,
        summary: "List the add-ons: Parley's optional features and its themes (site.manage).",
        querystring: AddonListQuery,
        response: { 200: Type.Array(Type.Ref("Addon")) },
      },
    },
    async (request) => service.list(request.query, requestContext(request)),
  );
  app.get(
    "/addons/:addonID",
    {
      schema: {
        tags,
        summary: "Get an add-on (site.manage).",
        params: AddonIDParams,
        response: { 200: Type.Ref("Addon") },
      },
    },
    async (request) => service.get(request.params.addonID, requestContext(request)),
  );
  app.patch(
    "/addons/:addonID",
    {
      schema: {
        tags,
        summary: "Enable or disable an add-on (site.manage); answers the add-ons the change touched.",
        params: AddonIDParams,
        body: AddonPatch,
        response: { 200: Type.Array(Type.Ref("Addon")) },
      },
    },
    async (request) => service.patch(request.params.addonID, request.body, requestContext(request)),
  );
};
