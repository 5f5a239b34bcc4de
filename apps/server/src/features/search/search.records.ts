import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { CommentSearchQuery, DiscussionSearchQuery, type Comment, type Discussion } from "@parley/contracts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import { perAddress } from "../../platform/http/address-limits.ts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import type { Limiter } from "../../platform/http/rate-limit.ts";
import { requestContext, type RequestContext } from "../../platform/http/request-context.ts";
import type { SearchService } from "./search.service.ts";

/** The records a search found, loaded by their owners as their lists present them (the viewer's rights again). */
export interface SearchedRecords {
  discussions(ids: number[], expand: string[] | undefined, context: RequestContext): Promise<Discussion[]>;
  comments(ids: number[], expand: string[] | undefined, context: RequestContext): Promise<Comment[]>;
}

/** The records in the order of the search's hits (relevance), those no longer shown left out. */
const inOrder = <T>(ids: number[], records: T[], idOf: (record: T) => number) => {
  const byID = new Map(records.map((record) => [idOf(record), record]));
  return ids.flatMap((id) => byID.get(id) ?? []);
};

/**
 * `GET /discussions/search` and `/comments/search` (Vanilla's): `GET /search` of one record type, answered as the
 * records themselves (the discussions' and comments' own shapes), most relevant first, with the search's pager.
 */
export const recordSearchRoutes: FastifyPluginAsyncTypebox<{
  service: SearchService;
  limiter: Limiter | null;
  records: SearchedRecords;
}> = async (app, { service, limiter, records }) => {
  app.get(
    "/discussions/search",
    {
      onRequest: perAddress(limiter),
      schema: {
        tags: ["Discussions"],
        summary: "Search discussions: the discussions the viewer may read that match, most relevant first.",
        querystring: DiscussionSearchQuery,
        response: { 200: Type.Array(Type.Ref("Discussion")) },
      },
    },
    async (request, reply) => {
      const { query, categoryID, followed, page, limit, expand } = request.query;
      if (followed && categoryID !== undefined)
        throw validationFailed([fieldError("followed", "invalid", "followed cannot be used with categoryID.")]);
      const context = requestContext(request);
      const found = await service.search(
        {
          query,
          recordTypes: ["discussion"],
          ...(categoryID !== undefined ? { categoryID } : {}),
          ...(followed ? { followedCategories: true } : {}),
          ...(page !== undefined ? { page } : {}),
          ...(limit !== undefined ? { limit } : {}),
        },
        context,
      );
      const ids = found.items.map((item) => item.recordID);
      const items = ids.length ? await records.discussions(ids, expand, context) : [];
      setPagingHeaders(request, reply, { ...found, count: items.length });
      return inOrder(ids, items, (item) => item.discussionID);
    },
  );

  app.get(
    "/comments/search",
    {
      onRequest: perAddress(limiter),
      schema: {
        tags: ["Comments"],
        summary: "Search comments: the comments the viewer may read that match, most relevant first.",
        querystring: CommentSearchQuery,
        response: { 200: Type.Array(Type.Ref("Comment")) },
      },
    },
    async (request, reply) => {
      const { query, categoryID, page, limit, expand } = request.query;
      const context = requestContext(request);
      const found = await service.search(
        {
          query,
          recordTypes: ["comment"],
          ...(categoryID !== undefined ? { categoryID } : {}),
          ...(page !== undefined ? { page } : {}),
          ...(limit !== undefined ? { limit } : {}),
        },
        context,
      );
      const ids = found.items.map((item) => item.recordID);
      const items = ids.length ? await records.comments(ids, expand, context) : [];
      setPagingHeaders(request, reply, { ...found, count: items.length });
      return inOrder(ids, items, (item) => item.commentID);
    },
  );
};
