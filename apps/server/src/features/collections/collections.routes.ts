import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  Collection,
  CollectionByResourcePut,
  CollectionContent,
  CollectionContentParams,
  CollectionContentsQuery,
  CollectionLocaleParams,
  CollectionRecordContent,
  CollectionByResourceQuery,
  CollectionListQuery,
  CollectionPatch,
  CollectionPost,
  collectionRules,
} from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import type { CollectionsService } from "./collections.service.ts";
import { requestContext } from "../../platform/http/request-context.ts";

const tags = ["Collections"];
const IdParams = Type.Object({ id: Type.Integer() });

/** /collections: parse, call the service, set status and paging headers. */
export const collectionsRoutes: FastifyPluginAsyncTypebox<{ service: CollectionsService }> = async (
  app,
  { service },
) => {
  app.get(
    "/collections",
    {
      schema: {
        tags,
        summary: "List collections with their records (a more-pager).",
        querystring: CollectionListQuery,
        response: { 200: Type.Array(Collection) },
      },
    },
    async (request, reply) => {
      const result = await service.list(request.query);
      setPagingHeaders(request, reply, {
        ...result,
        count: result.items.length,
        defaults: { limit: collectionRules.defaultLimit },
      });
      return result.items;
    },
  );

  app.post(
    "/collections",
    {
      schema: {
        tags,
        summary: "Make a collection (community.manage; at most 30 records).",
        body: CollectionPost,
        response: { 201: Collection },
      },
    },
    async (request) => service.create(request.body, request.viewer),
  );

  app.get(
    "/collections/by-resource",
    {
      schema: {
        tags,
        summary: "The collections a record belongs to.",
        querystring: CollectionByResourceQuery,
        response: { 200: Type.Array(Collection) },
      },
    },
    async (request) => service.byResource(request.query.recordType, request.query.recordID),
  );

  app.put(
    "/collections/by-resource",
    {
      schema: {
        tags,
        summary: "Set the collections a record belongs to (replaces the list; community.manage).",
        body: CollectionByResourcePut,
        response: { 200: Type.Array(Collection) },
      },
    },
    async (request) => service.setByResource(request.body, request.viewer),
  );

  // Parley keeps one locale per site: `{locale}` is accepted and every record is in it.
  app.get(
    "/collections/contents/:locale",
    {
      schema: {
        tags,
        summary: "Records across collections, each presented as its own endpoint would (a numbered pager).",
        params: CollectionLocaleParams,
        querystring: CollectionContentsQuery,
        response: { 200: Type.Array(CollectionRecordContent) },
      },
    },
    async (request, reply) => {
      const result = await service.contents(request.query, requestContext(request));
      setPagingHeaders(request, reply, {
        ...result,
        count: result.items.length,
        defaults: { limit: collectionRules.contentsDefaultLimit },
      });
      return result.items;
    },
  );

  app.get(
    "/collections/:id/content/:locale",
    {
      schema: {
        tags,
        summary: "A collection with each record presented as its own endpoint would.",
        params: CollectionContentParams,
        response: { 200: CollectionContent },
      },
    },
    async (request) => service.content(request.params.id, requestContext(request)),
  );

  app.get(
    "/collections/:id",
    { schema: { tags, summary: "Get a collection.", params: IdParams, response: { 200: Collection } } },
    async (request) => service.get(request.params.id),
  );

  app.patch(
    "/collections/:id",
    {
      schema: {
        tags,
        summary: "Rename a collection or replace its records (community.manage).",
        params: IdParams,
        body: CollectionPatch,
        response: { 200: Collection },
      },
    },
    async (request) => service.update(request.params.id, request.body, request.viewer),
  );

  app.delete(
    "/collections/:id",
    {
      schema: {
        tags,
        summary: "Delete a collection (community.manage).",
        params: IdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request) => {
      await service.remove(request.params.id, request.viewer);
      return null;
    },
  );
};
