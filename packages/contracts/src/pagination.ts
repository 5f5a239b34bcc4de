import { Type } from "typebox";
import { limits } from "./limits.ts";

/** Response headers of a paged list (reference §1.6). */
export const paginationHeaders = {
  current: "x-app-page-current",
  limit: "x-app-page-limit",
  resultCount: "x-app-page-result-count",
  firstUrl: "x-app-page-first-url",
  lastUrl: "x-app-page-last-url",
  nextUrl: "x-app-page-next-url",
  prevUrl: "x-app-page-prev-url",
} as const;

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
