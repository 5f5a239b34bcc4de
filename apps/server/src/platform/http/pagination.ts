import type { FastifyReply, FastifyRequest } from "fastify";
import { paginationHeaders } from "@parley/contracts";

/**
 * The site's absolute origin (`https://forum.example`): the configured `PARLEY_PUBLIC_URL`, whatever Host or
 * X-Forwarded-Host the request came with, so no request can choose the address of a link others receive.
 */
export const originOf = (request: FastifyRequest): string => request.server.platform.config.publicUrl;

/**
 * Whether cookies go out `Secure`: always on a site whose configured address is https (whatever a proxy
 * says or leaves out), and on any request that came over https (a trusted proxy's `X-Forwarded-Proto`).
 */
export const secureCookies = (request: FastifyRequest): boolean =>
  originOf(request).startsWith("https:") || request.protocol === "https";

export interface PageResult {
  page: number;
  limit: number;
  /** Total number of rows, for a numbered pager; omit for a "more" pager. */
  total?: number;
  /** Rows returned on this page (a "more" pager offers next when it is at least `limit`). */
  count: number;
  /** Query params whose value equals their default: dropped from the links. */
  defaults?: Record<string, string | number | boolean>;
}

/**
 * Pages' base addresses by request (parsing them was about 3% of a list's CPU): at most 1,000 of them, each of a
 * request line of at most 512 characters (longer ones are parsed each time), so at most about 1 MB.
 */
const pageBases = new Map<string, string>();
const PAGE_BASES_MAX = 1_000;
const PAGE_BASE_KEY_MAX = 512;

/**
 * The address of each page of the request's own query: parsed once (a list answer writes up to four
 * of them), `page` last, parameters equal to their default left out.
 */
function pageUrls(request: FastifyRequest, defaults: PageResult["defaults"]): (page: number) => string {
  const origin = originOf(request);
  const key = `${origin} ${request.url} ${defaults ? JSON.stringify(defaults) : ""}`;
  let base = pageBases.get(key);
  if (base === undefined) {
    const url = new URL(request.url, origin);
    url.searchParams.delete("page");
    for (const [name, value] of Object.entries(defaults ?? {})) {
      if (url.searchParams.get(name) === String(value)) url.searchParams.delete(name);
    }
    const query = url.searchParams.toString();
    base = `${url.origin}${url.pathname}?${query ? `${query}&` : ""}page=`;
    if (key.length <= PAGE_BASE_KEY_MAX) {
      if (pageBases.size >= PAGE_BASES_MAX) pageBases.clear();
      pageBases.set(key, base);
    }
  }
  const found = base;
  return (page) => `${found}${page}`;
}

/**
 * The one place that writes paging headers (reference §1.6): `Link` plus the `x-app-page-*` headers,
 * absolute URLs built from the request's own query.
 */
export function setPagingHeaders(request: FastifyRequest, reply: FastifyReply, result: PageResult): void {
  const { page, limit, total, count, defaults } = result;
  const links: Array<[rel: string, header: string, page: number]> = [];
  links.push(["first", paginationHeaders.firstUrl, 1]);
  if (page > 1) links.push(["prev", paginationHeaders.prevUrl, page - 1]);
  if (total !== undefined) {
    const pageCount = Math.max(1, Math.ceil(total / limit));
    if (page < pageCount) links.push(["next", paginationHeaders.nextUrl, page + 1]);
    links.push(["last", paginationHeaders.lastUrl, pageCount]);
    reply.header(paginationHeaders.resultCount, String(total));
  } else if (count >= limit) {
    links.push(["next", paginationHeaders.nextUrl, page + 1]);
  }
  const link: string[] = [];
  const pageUrl = pageUrls(request, defaults);
  for (const [rel, header, target] of links) {
    const url = pageUrl(target);
    reply.header(header, url);
    link.push(`<${url}>; rel="${rel}"`);
  }
  reply.header("link", link.join(", "));
  reply.header(paginationHeaders.current, String(page));
  reply.header(paginationHeaders.limit, String(limit));
}

/** Offset of a page. */
export const offsetOf = (page: number, limit: number) => (page - 1) * limit;
