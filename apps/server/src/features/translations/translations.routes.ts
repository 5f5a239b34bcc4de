import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  ErrorBody,
  LocaleIDParams,
  LocalePatch,
  LocalePostQuery,
  MachineTranslation,
  MachineTranslationPost,
  TranslationListQuery,
  TranslationPatch,
  TranslationRemove,
  TranslationResource,
  TranslationResourceParams,
  TranslationResourcePost,
  TranslationServiceParams,
  TranslationServicePut,
} from "@parley/contracts";
import type { LocalesService } from "./locales.service.ts";
import type { TranslationsService } from "./translations.service.ts";

/** GET and POST /locales, GET and PATCH /locales/{localeID}; GET /translation-services, PUT /translation-services/{type}. */
export const localesRoutes: FastifyPluginAsyncTypebox<{ service: LocalesService }> = async (app, { service }) => {
  const tags = ["Locales"];
  app.get(
    "/locales",
    {
      schema: {
        tags,
        summary: "The site's content locales (en always); Parley's own interface stays in English.",
        response: { 200: Type.Array(Type.Ref("Locale")) },
      },
    },
    async () => service.list(),
  );
  app.post(
    "/locales",
    {
      schema: {
        tags,
        summary:
          "Enable a content locale of the catalogue (site.manage); enabling one already enabled changes nothing.",
        querystring: LocalePostQuery,
        // The locale is named in the query, as Vanilla's; a body is not read.
        body: Type.Unknown({ description: "No body: the locale is in the query." }),
        response: { 200: Type.Ref("Locale") },
      },
    },
    async (request, reply) => {
      const locale = await service.enable(request.query, request.viewer);
      reply.code(200);
      return locale;
    },
  );
  app.get(
    "/locales/:localeID",
    {
      schema: {
        tags,
        summary: "One enabled content locale (site.manage).",
        params: LocaleIDParams,
        response: { 200: Type.Ref("Locale") },
      },
    },
    async (request) => service.get(request.params.localeID, request.viewer),
  );
  app.patch(
    "/locales/:localeID",
    {
      schema: {
        tags,
        summary: "Assign a configured translation service to a locale, or none (site.manage).",
        params: LocaleIDParams,
        body: LocalePatch,
        response: { 200: Type.Ref("Locale") },
      },
    },
    async (request) => service.patch(request.params.localeID, request.body, request.viewer),
  );
  app.get(
    "/translation-services",
    {
      schema: {
        tags: ["Translation services"],
        summary: "The translation services and their settings' schema (site.manage).",
        response: { 200: Type.Array(Type.Ref("TranslationService")) },
      },
    },
    async (request) => service.services(request.viewer),
  );
  app.put(
    "/translation-services/:type",
    {
      schema: {
        tags: ["Translation services"],
        summary: "Store a translation service's settings, and whether it is the default (site.manage).",
        params: TranslationServiceParams,
        body: TranslationServicePut,
        response: { 200: Type.Ref("TranslationService") },
      },
    },
    async (request) => service.putService(request.params.type, request.body, request.viewer),
  );
  app.post(
    "/translations/machine",
    {
      schema: {
        tags: ["Translation services"],
        summary:
          "Machine-translate texts into a content locale with its translation service, for review; nothing is stored (site.manage).",
        body: MachineTranslationPost,
        response: { 200: MachineTranslation, 502: ErrorBody, 504: ErrorBody },
      },
    },
    async (request, reply) => {
      const result = await service.machineTranslate(request.body, request.viewer);
      // Nothing is created: 200, not the POST's 201.
      reply.code(200);
      return result;
    },
  );
};

/** GET and PATCH /translations/{resource}, PATCH /translations/{resource}/remove, POST /translations. */
export const translationsRoutes: FastifyPluginAsyncTypebox<{ service: TranslationsService }> = async (
  app,
  { service },
) => {
  const tags = ["Translations"];
  app.get(
    "/translations/:resource",
    {
      schema: {
        tags,
        summary: "A resource's translations in one locale, a page of them, no paging headers (community.moderate).",
        params: TranslationResourceParams,
        querystring: TranslationListQuery,
        response: { 200: Type.Array(Type.Ref("Translation")) },
      },
    },
    async (request) => service.list(request.params.resource, request.query, request.viewer),
  );
  app.patch(
    "/translations/:resource",
    {
      schema: {
        tags,
        summary: "Add or replace translations, all of them or none (site.manage).",
        params: TranslationResourceParams,
        body: TranslationPatch,
        response: { 200: Type.Null() },
      },
    },
    async (request) => {
      await service.patch(request.params.resource, request.body, request.viewer);
      return null;
    },
  );
  app.patch(
    "/translations/:resource/remove",
    {
      schema: {
        tags,
        summary: "Remove translations, all of them or none (site.manage).",
        params: TranslationResourceParams,
        body: TranslationRemove,
        response: { 200: Type.Null() },
      },
    },
    async (request) => {
      await service.remove(request.params.resource, request.body, request.viewer);
      return null;
    },
  );
  app.post(
    "/translations",
    {
      schema: {
        tags,
        summary: "Create a translation resource (site.manage).",
        body: TranslationResourcePost,
        response: { 201: TranslationResource },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.createResource(request.body, request.viewer);
    },
  );
};
