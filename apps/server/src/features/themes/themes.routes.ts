import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  CurrentThemePut,
  Nullable,
  ThemeKeyParams,
  ThemePatch,
  ThemePost,
  ThemePreview,
  ThemePreviewPut,
  ThemeQuery,
  ThemeRevisionsQuery,
  ThemeScript,
  ThemeScriptsAsset,
  ThemeTextAsset,
  ThemeVariables,
  ThemeVariablesAsset,
} from "@parley/contracts";
import { sendConditional } from "../../platform/http/conditional-get.ts";
import { secureCookies } from "../../platform/http/pagination.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import { assetFiles } from "./themes.assets.ts";
import { THEME_PREVIEW_COOKIE, type ThemesService } from "./themes.service.ts";

const tags = ["Themes"];

/** An asset of one revision: the active one unless given (previews read another). */
const AssetQuery = Type.Object({
  revisionID: Type.Optional(Type.Integer({ minimum: 0, description: "A revision of the theme; 0: the active one." })),
});

const assetSummaries = {
  header: "A theme's custom header (sanitised HTML); the current theme's is public, others' need site.manage.",
  footer: "A theme's custom footer (sanitised HTML); the current theme's is public, others' need site.manage.",
  styles: "A theme's styles (CSS); the current theme's are public, others' need site.manage.",
  javascript: "A theme's JavaScript (site.manage; public for the current theme while themes.allowCustomScripts is on).",
  scripts:
    "A theme's script addresses (site.manage; public for the current theme while themes.allowCustomScripts is on).",
} as const;

export const themesRoutes: FastifyPluginAsyncTypebox<{ service: ThemesService }> = async (app, { service }) => {
  app.get(
    "/themes",
    {
      schema: {
        tags,
        summary: "List the available themes (no paging).",
        querystring: ThemeQuery,
        response: { 200: Type.Array(Type.Ref("Theme")) },
      },
    },
    async (request) => service.list(request.query, requestContext(request)),
  );
  app.post(
    "/themes",
    {
      schema: {
        tags,
        summary:
          "Create a theme of the site's own from a built-in one (site.manage): its variables are the parent's unless given.",
        body: ThemePost,
        response: { 201: Type.Ref("Theme") },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.create(request.body, requestContext(request));
    },
  );
  app.put(
    "/themes/preview",
    {
      schema: {
        tags,
        summary:
          "Preview a theme in this browser session (site.manage); without `themeID`, end the preview. Answers the theme the pages now show.",
        body: ThemePreviewPut,
        response: { 200: Type.Ref("Theme") },
      },
    },
    async (request, reply) => {
      const { cookie, theme } = await service.setPreview(request.body, requestContext(request));
      if (cookie === null) reply.clearCookie(THEME_PREVIEW_COOKIE, { path: "/" });
      else
        reply.setCookie(THEME_PREVIEW_COOKIE, cookie, {
          path: "/",
          httpOnly: true,
          sameSite: "lax",
          secure: secureCookies(request),
        });
      return theme;
    },
  );
  app.get(
    "/themes/preview",
    {
      schema: {
        tags,
        summary: "The theme this session previews (for a viewer who may manage the site), or null.",
        response: { 200: Nullable(ThemePreview) },
      },
    },
    async (request) => service.previewed(request.viewer, request.cookies[THEME_PREVIEW_COOKIE]),
  );
  app.get(
    "/themes/current",
    {
      schema: {
        tags,
        summary: "Get the site's current theme.",
        querystring: ThemeQuery,
        response: { 200: Type.Ref("Theme") },
      },
    },
    async (request) => service.current(request.query, requestContext(request)),
  );
  app.put(
    "/themes/current",
    {
      schema: {
        tags,
        summary: "Make a theme the site's current one (site.manage).",
        body: CurrentThemePut,
        response: { 200: Type.Ref("Theme") },
      },
    },
    async (request) => service.setCurrent(request.body, requestContext(request)),
  );
  app.get(
    "/themes/:themeKey",
    {
      schema: {
        tags,
        summary: "Get a theme; asset data only with `expand=all` or `expand=variables.data`.",
        params: ThemeKeyParams,
        querystring: Type.Object({
          ...ThemeQuery.properties,
          revisionID: Type.Optional(
            Type.Integer({
              minimum: 0,
              description: "One of a theme of the site's own's revisions; 0: the active one.",
            }),
          ),
        }),
        response: { 200: Type.Ref("Theme") },
      },
    },
    async (request) => service.get(request.params.themeKey, request.query, requestContext(request)),
  );
  app.patch(
    "/themes/:themeKey",
    {
      schema: {
        tags,
        summary:
          "Change a theme of the site's own (site.manage): new variables make a new, active revision; `revisionID` restores one.",
        params: ThemeKeyParams,
        body: ThemePatch,
        response: { 200: Type.Ref("Theme") },
      },
    },
    async (request) => service.update(request.params.themeKey, request.body, requestContext(request)),
  );
  app.delete(
    "/themes/:themeKey",
    {
      schema: {
        tags,
        summary: "Delete a theme of the site's own and its revisions (site.manage); not the current theme.",
        params: ThemeKeyParams,
        response: { 204: Type.Null() },
      },
    },
    async (request) => {
      await service.remove(request.params.themeKey, requestContext(request));
      return null;
    },
  );
  app.get(
    "/themes/:themeKey/revisions",
    {
      schema: {
        tags,
        summary:
          "A theme of the site's own's revisions, newest first, the active one marked (site.manage; no paging headers).",
        params: ThemeKeyParams,
        querystring: ThemeRevisionsQuery,
        response: { 200: Type.Array(Type.Ref("ThemeRevision")) },
      },
    },
    async (request) => service.revisions(request.params.themeKey, request.query, requestContext(request)),
  );
  app.get(
    "/themes/:themeKey/assets/variables.json",
    {
      schema: {
        tags,
        summary: "A theme's variables as raw JSON.",
        params: ThemeKeyParams,
        response: { 200: ThemeVariables },
      },
    },
    async (request) => service.variables(request.params.themeKey),
  );
  app.get(
    "/themes/:themeKey/assets/variables",
    {
      schema: {
        tags,
        summary: "A theme's variables asset: its address, type and JSON.",
        params: ThemeKeyParams,
        response: { 200: ThemeVariablesAsset },
      },
    },
    async (request) => service.variablesAsset(request.params.themeKey, requestContext(request).origin),
  );

  // The other assets: each as its raw file (`header.html`, `styles.css`…) and as the asset with its data.
  for (const name of ["header", "footer", "styles", "javascript", "scripts"] as const) {
    const file = assetFiles[name];
    app.get(
      `/themes/:themeKey/assets/${name}.${file.extension}`,
      {
        schema: {
          tags,
          summary: `${assetSummaries[name]} The raw file.`,
          params: ThemeKeyParams,
          querystring: AssetQuery,
          response: {
            200:
              name === "scripts"
                ? Type.Array(ThemeScript)
                : { description: file.contentType, content: { [file.contentType]: { schema: Type.String() } } },
          },
        },
      },
      async (request, reply) => {
        const { data, lastModified } = await service.asset(
          request.params.themeKey,
          name,
          request.query.revisionID || null,
          requestContext(request),
        );
        if (typeof data !== "string") return data;
        // A revision never changes: browsers keep it and ask again with its validator.
        reply.type(`${file.contentType}; charset=utf-8`).header("cache-control", "no-cache");
        return sendConditional(request, reply, data, lastModified);
      },
    );
    app.get(
      `/themes/:themeKey/assets/${name}`,
      {
        schema: {
          tags,
          summary: `${assetSummaries[name]} Its address, type and data.`,
          params: ThemeKeyParams,
          querystring: AssetQuery,
          response: { 200: name === "scripts" ? ThemeScriptsAsset : ThemeTextAsset },
        },
      },
      async (request) =>
        (await service.asset(request.params.themeKey, name, request.query.revisionID || null, requestContext(request)))
          .asset,
    );
  }
};
