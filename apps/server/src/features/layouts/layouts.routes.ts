import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LayoutLookupQuery, LayoutLookupResponse, Widget, WidgetNameParams } from "@parley/contracts";
import { Type } from "typebox";
import type { LayoutsService } from "./layouts.service.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import { widgetsService } from "./layouts.widgets.ts";

export const layoutsRoutes: FastifyPluginAsyncTypebox<{ service: LayoutsService }> = async (app, { service }) => {
  app.get(
    "/layouts/lookup-hydrate",
    {
      schema: {
        tags: ["Layouts"],
        summary:
          "The layout of a view type for a record, hydrated for the viewer with its title bar; or `{redirectTo, status}`.",
        querystring: LayoutLookupQuery,
        response: { 200: LayoutLookupResponse },
      },
    },
    async (request) => service.lookup(request.query, requestContext(request)),
  );

  app.get(
    "/widgets",
    {
      schema: {
        tags: ["Widgets"],
        summary: "The layout widgets: each one's name, description and the JSON schema of its props (site.manage).",
        response: { 200: Type.Array(Widget) },
      },
    },
    async (request) => widgetsService.list(requestContext(request)),
  );

  app.get(
    "/widgets/:name",
    {
      schema: {
        tags: ["Widgets"],
        summary: "A layout widget by name (`react.html`); 404 when no widget has it (site.manage).",
        params: WidgetNameParams,
        response: { 200: Widget },
      },
    },
    async (request) => widgetsService.get(request.params.name, requestContext(request)),
  );
};
