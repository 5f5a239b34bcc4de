import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  LayoutAssets,
  LayoutCatalog,
  LayoutExpandQuery,
  LayoutHydrateBody,
  LayoutHydrateQuery,
  LayoutIDParams,
  LayoutLookupAssetsQuery,
  LayoutLookupQuery,
  LayoutLookupResponse,
  LayoutPatch,
  LayoutPost,
  LayoutRecord,
  LayoutRevision,
  LayoutRevisionParams,
  LayoutView,
  LayoutViewsDeleteQuery,
  LayoutViewsPut,
  LayoutViewTypeQuery,
  Widget,
  WidgetNameParams,
} from "@parley/contracts";
import { Type } from "typebox";
import type { LayoutsManager } from "./layouts.manage.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import { widgetsService } from "./layouts.widgets.ts";

const tags = ["Layouts"];
const JsonSchema = Type.Record(Type.String(), Type.Unknown());

export const layoutsRoutes: FastifyPluginAsyncTypebox<{ manager: LayoutsManager }> = async (app, { manager }) => {
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
    async (request) => manager.lookup(request.query, requestContext(request)),
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
  manageRoutes(app, manager);
};

/** The operators' layouts (issue 38): site.manage, but hydrating what visitors may see. */
function manageRoutes(app: Parameters<FastifyPluginAsyncTypebox>[0], manager: LayoutsManager) {
  app.get(
    "/layouts",
    {
      schema: {
        tags,
        summary: "The layouts: the defaults (ids such as `home`) and the site's own (site.manage).",
        querystring: LayoutExpandQuery,
        response: { 200: Type.Array(LayoutRecord) },
      },
    },
    async (request) => manager.list(request.query.expand, requestContext(request)),
  );
  app.post(
    "/layouts",
    {
      schema: {
        tags,
        summary: "Create a layout of a view type; its widgets are checked against the catalogue (site.manage).",
        body: LayoutPost,
        response: { 201: LayoutRecord },
      },
    },
    async (request, reply) => {
      const created = await manager.create(request.body, requestContext(request));
      reply.code(201);
      return created;
    },
  );
  app.post(
    "/layouts/hydrate",
    {
      schema: {
        tags,
        summary: "Hydrate an unsaved layout for a page: the editor's preview (site.manage).",
        body: LayoutHydrateBody,
        response: { 200: LayoutLookupResponse },
      },
    },
    async (request, reply) => {
      const answer = await manager.preview(request.body, requestContext(request));
      reply.code(200);
      return answer;
    },
  );
  app.get(
    "/layouts/catalog",
    {
      schema: {
        tags,
        summary: "What a view type's layout may hold: sections, widgets, assets and middlewares with their schemas.",
        querystring: LayoutViewTypeQuery,
        response: { 200: LayoutCatalog },
      },
    },
    async (request) => manager.catalog(request.query.layoutViewType, requestContext(request)),
  );
  app.get(
    "/layouts/schema",
    {
      schema: {
        tags,
        summary: "The JSON schema of a view type's layout (site.manage).",
        querystring: LayoutViewTypeQuery,
        response: { 200: JsonSchema },
      },
    },
    async (request) => manager.schema(request.query.layoutViewType, requestContext(request)),
  );
  app.get(
    "/layouts/lookup-hydrate-assets",
    {
      schema: {
        tags,
        summary: "The scripts and styles of the layout a page shows (none: widgets come with the app).",
        querystring: LayoutLookupAssetsQuery,
        response: { 200: LayoutAssets },
      },
    },
    async (request) => manager.lookupAssets(request.query),
  );
  app.get(
    "/layouts/:layoutID",
    {
      schema: {
        tags,
        summary: "A layout with its widgets (site.manage).",
        params: LayoutIDParams,
        querystring: LayoutExpandQuery,
        response: { 200: LayoutRecord },
      },
    },
    async (request) => manager.get(request.params.layoutID, request.query.expand, requestContext(request)),
  );
  app.patch(
    "/layouts/:layoutID",
    {
      schema: {
        tags,
        summary: "Rename a layout or change its widgets; every save keeps a revision (site.manage; 422 for a default).",
        params: LayoutIDParams,
        body: LayoutPatch,
        response: { 200: LayoutRecord },
      },
    },
    async (request) => manager.update(request.params.layoutID, request.body, requestContext(request)),
  );
  app.delete(
    "/layouts/:layoutID",
    {
      schema: {
        tags,
        summary: "Delete a layout and its revisions (site.manage; 409 while assigned to pages, 422 for a default).",
        params: LayoutIDParams,
        response: { 204: Type.Null() },
      },
    },
    async (request) => {
      await manager.remove(request.params.layoutID, requestContext(request));
      return null;
    },
  );
  app.get(
    "/layouts/:layoutID/edit",
    {
      schema: {
        tags,
        summary: "A layout's editable body (site.manage; 422 for a default).",
        params: LayoutIDParams,
        response: { 200: LayoutRecord },
      },
    },
    async (request) => manager.edit(request.params.layoutID, requestContext(request)),
  );
  app.get(
    "/layouts/:layoutID/hydrate",
    {
      schema: {
        tags,
        summary:
          "A layout hydrated for a page (`recordType`, `recordID`, `params`): defaults and assigned layouts for readers of the page, others for site managers.",
        params: LayoutIDParams,
        querystring: LayoutHydrateQuery,
        response: { 200: LayoutLookupResponse },
      },
    },
    async (request) => manager.hydrate(request.params.layoutID, request.query, requestContext(request)),
  );
  app.get(
    "/layouts/:layoutID/hydrate-assets",
    {
      schema: {
        tags,
        summary: "A layout's scripts and styles without hydrating it (none: widgets come with the app).",
        params: LayoutIDParams,
        querystring: LayoutHydrateQuery,
        response: { 200: LayoutAssets },
      },
    },
    async (request) => manager.hydrateAssets(request.params.layoutID, requestContext(request)),
  );
  app.get(
    "/layouts/:layoutID/revisions",
    {
      schema: {
        tags,
        summary: "A layout's revisions, newest first: one for every save (Parley's own; site.manage).",
        params: LayoutIDParams,
        response: { 200: Type.Array(LayoutRevision) },
      },
    },
    async (request) => manager.revisions(request.params.layoutID, requestContext(request)),
  );
  app.post(
    "/layouts/:layoutID/revisions/:revisionID/restore",
    {
      schema: {
        tags,
        summary: "Save a layout's revision again as its current state (Parley's own; site.manage).",
        params: LayoutRevisionParams,
        body: Type.Optional(Type.Object({}, { additionalProperties: false })),
        response: { 201: LayoutRecord },
      },
    },
    async (request) => manager.restore(request.params.layoutID, request.params.revisionID, requestContext(request)),
  );
  app.get(
    "/layouts/:layoutID/views",
    {
      schema: {
        tags,
        summary: "The pages a layout is assigned to (site.manage).",
        params: LayoutIDParams,
        querystring: LayoutExpandQuery,
        response: { 200: Type.Array(LayoutView) },
      },
    },
    async (request) => manager.views(request.params.layoutID, request.query.expand, requestContext(request)),
  );
  app.put(
    "/layouts/:layoutID/views",
    {
      schema: {
        tags,
        summary:
          "Assign a layout to its view type's pages (`global`, -1) or a category's (`category`), in place of theirs (site.manage).",
        params: LayoutIDParams,
        body: LayoutViewsPut,
        response: { 200: Type.Array(LayoutView) },
      },
    },
    async (request) => manager.assign(request.params.layoutID, request.body, requestContext(request)),
  );
  app.delete(
    "/layouts/:layoutID/views",
    {
      schema: {
        tags,
        summary: "Remove a layout's views (`layoutViewIDs`): those pages show their default again (site.manage).",
        params: LayoutIDParams,
        querystring: LayoutViewsDeleteQuery,
        response: { 204: Type.Null() },
      },
    },
    async (request) => {
      await manager.unassign(request.params.layoutID, request.query.layoutViewIDs, requestContext(request));
      return null;
    },
  );
}
