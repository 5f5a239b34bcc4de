import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { SearchQuery, SearchResultList, paginationHeaders } from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import { perAddress } from "../../platform/http/address-limits.ts";
import type { Limiter } from "../../platform/http/rate-limit.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { SearchService } from "./search.service.ts";

/** A search's first page, told to the site's analytics (a search that found nothing is counted). */
export type OnSearch = (request: FastifyRequest, query: string, total: number) => void;

/** `limiter`: searches per client address (a page render's search counts for its reader), null for none. */
export const searchRoutes: FastifyPluginAsyncTypebox<{
  service: SearchService;
  limiter: Limiter | null;
  onSearch: OnSearch | undefined;
}> = async (app, { service, limiter, onSearch }) => {
  app.get(
    "/search",
    {
      // Before the guests' answer cache: a cached answer counts as a search too.
      onRequest: perAddress(limiter),
      config: {
        // A guest's answer from that cache ran no search here: the site's analytics still count it, from its headers.
        onGuestCacheHit: (request, headers) => {
          const { query, page } = request.query as SearchQuery;
          const total = Number(headers[paginationHeaders.resultCount]);
          if ((page ?? 1) === 1 && query && Number.isInteger(total)) onSearch?.(request, query, total);
        },
      },
      schema: {
        tags: ["Search"],
        summary:
          "Search discussions, comments, members, categories, knowledge-base articles and groups the viewer may see: relevance or date order, numbered pages.",
        querystring: SearchQuery,
        response: { 200: SearchResultList },
      },
    },
    async (request, reply) => {
      const result = await service.search(request.query, requestContext(request));
      if (result.page === 1 && request.query.query) onSearch?.(request, request.query.query, result.total);
      reply.header("x-search-powered-by", service.driverName);
      setPagingHeaders(request, reply, {
        page: result.page,
        limit: result.limit,
        total: result.total,
        count: result.items.length,
      });
      return result.items;
    },
  );
};
