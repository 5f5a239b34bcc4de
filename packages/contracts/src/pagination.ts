import { Type } from "typebox";
import { limits } from "./limits.ts";

import { paginationHeaders } from "./headers.ts";
export { paginationHeaders };

export const exposedHeaders = [
  "Authorization",
  "Content-Type",
  paginationHeaders.current,
  paginationHeaders.firstUrl,
  paginationHeaders.lastUrl,
  paginationHeaders.limit,
  paginationHeaders.nextUrl,
  paginationHeaders.prevUrl,
  paginationHeaders.resultCount,
].join(", ");

export const Page = Type.Integer({
  minimum: 1,
  maximum: limits.api.maxPage,
  description: "Page number (1-based).",
});

/** `page` where the schema itself supplies the first page; bounded like {@link Page}. */
export const PageOrFirst = Type.Integer({
  minimum: 1,
  maximum: limits.api.maxPage,
  default: limits.api.defaultPage,
  description: "Page number (1-based, 1 by default).",
});

/** `limit`: no schema default, so a service can tell "not given" (it applies `def` itself). */
export const Limit = (max: number, def: number) =>
  Type.Integer({ minimum: 1, maximum: max, description: `Items per page (${def} by default, ${max} at most).` });

/** What the client reads from the headers (spec §3 "Pagination"). */
export interface PageInfo {
  currentPage: number;
  limit: number;
  total?: number;
  next?: number;
  prev?: number;
}
