import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  DirtyRecord,
  DirtyRecordDeleteQuery,
  DirtyRecordListQuery,
  dirtyRecordRules,
  Resource,
  ResourceFragment,
  ResourceGetQuery,
  ResourceListQuery,
  ResourceParams,
} from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { ResourcesService } from "./resources.service.ts";

const tags = ["Resources"];

/** /resources: parse, call the service, set status and paging headers. */
export const resourcesRoutes: FastifyPluginAsyncTypebox<{ service: ResourcesService }> = async (app, { service }) => {
  app.get(
    "/resources",
    {
      schema: {
        tags,
        summary: "The record types an outside index may crawl, each with its address (site.manage).",
        querystring: ResourceListQuery,
        response: { 200: Type.Array(ResourceFragment) },
      },
    },
    async (request) => service.list(request.query, requestContext(request)),
  );

  app.get(
    "/resources/:recordType",
    {
      schema: {
        tags,
        summary: "A record type; with `expand=crawl`, the list to crawl, the id it pages by and the ids' range.",
        params: ResourceParams,
        querystring: ResourceGetQuery,
        response: { 200: Resource },
      },
    },
    async (request) => service.get(request.params.recordType, request.query.expand, requestContext(request)),
  );

  app.get(
    "/resources/dirty-records/:recordType",
    {
      schema: {
        tags,
        summary:
          "Parley: the records of a type created, changed or deleted since its dirty records were last cleared, oldest change first (site.manage).",
        params: ResourceParams,
        querystring: DirtyRecordListQuery,
        response: { 200: Type.Array(DirtyRecord) },
      },
    },
    async (request, reply) => {
      const result = await service.dirtyRecords(request.params.recordType, request.query, requestContext(request));
      setPagingHeaders(request, reply, {
        ...result,
        count: result.items.length,
        defaults: { limit: dirtyRecordRules.defaultLimit },
      });
      return result.items;
    },
  );

  app.delete(
    "/resources/dirty-records/:recordType",
    {
      schema: {
        tags,
        summary: "Clear a type's dirty records, or those dirtied at `dateInserted`'s dates (site.manage).",
        params: ResourceParams,
        querystring: DirtyRecordDeleteQuery,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await service.clear(request.params.recordType, request.query.dateInserted, requestContext(request));
      return reply.status(204).send(null);
    },
  );
};
