import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { LocalePack, LocalePackParams, LocalePackQuery } from "@parley/contracts";
import { packScript, type LocalePacks } from "./locale-packs.ts";

const tags = ["Translations"];
/** The packs change only with a new release: a reader's browser and shared caches keep them a few minutes. */
const CACHE = "public, max-age=300";

/** `GET /locales/translations/{locale}` and its `.js` form (dashboard-locales.yml): the interface's strings. */
export const localePacksRoutes: FastifyPluginAsyncTypebox<{ packs: LocalePacks }> = async (app, { packs }) => {
  app.get(
    "/locales/translations/:locale",
    {
      schema: {
        tags,
        summary: "The interface's strings in a locale (en, fr, de): each English sentence and its translation.",
        params: LocalePackParams,
        querystring: LocalePackQuery,
        response: { 200: LocalePack },
      },
    },
    async (request, reply) => {
      const pack = await packs.pack(request.params.locale);
      reply.header("cache-control", CACHE);
      return pack;
    },
  );
  app.get(
    "/locales/translations/:locale.js",
    {
      schema: {
        tags,
        summary: "The same strings as a script for a <script> tag: they go to window.gdn.translations.",
        params: LocalePackParams,
        querystring: LocalePackQuery,
        produces: ["application/javascript"],
        response: { 200: Type.String({ description: "JavaScript." }) },
      },
    },
    async (request, reply) => {
      const pack = await packs.pack(request.params.locale);
      return reply
        .header("cache-control", CACHE)
        .header("x-content-type-options", "nosniff")
        .type("application/javascript; charset=utf-8")
        .send(packScript(pack));
    },
  );
};
