import qs from "qs";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { API_PREFIX } from "../platform/http/api.ts";
import { originOf } from "../platform/http/pagination.ts";
import { clientOf, SSR_CLIENT_HEADER, ssrClientHeaderValue } from "../platform/http/client-address.ts";
import type { InProcessReads } from "../platform/http/in-process-reads.ts";
import type { WebApiRequest, WebApiResponse } from "./renderer.ts";

/** Headers a page request passes on to the API calls made while rendering it. */
const forwardedHeaders = [
  "cookie",
  "authorization",
  "accept-language",
  "x-forwarded-proto",
  "x-forwarded-for",
  "user-agent",
  "origin",
  "referer",
];

export type PageTransport = (call: WebApiRequest) => Promise<WebApiResponse>;

/** The request headers of a page's API calls: the page's own (cookie, language, client), as the site's host. */
export function apiHeadersOf(request: FastifyRequest): Record<string, string> {
  // The site's own host, not the request's: nothing in the API's answers depends on it (links are built
  // from the configured site address).
  const headers: Record<string, string> = { host: new URL(originOf(request)).host, "x-requested-with": "parley-ssr" };
  for (const name of forwardedHeaders) {
    const value = request.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  if (request.headers["x-forwarded-for"] === undefined) headers["x-forwarded-for"] = request.ip;
  // Per-address limits count these calls for the page's client (or not at all), whatever proxies are trusted.
  headers[SSR_CLIENT_HEADER] = ssrClientHeaderValue(clientOf(request).address);
  const transientKey = request.viewer?.session?.transientKey;
  if (request.method === "GET" && transientKey) headers["x-transient-key"] = transientKey;
  return headers;
}

/**
 * Answers the API calls of a page render in-process (`inject`): the same routes, permissions,
 * CSRF checks and serialisation as a browser's calls, without a socket. Cookies the API sets (signing
 * in or out) are collected for the page's own response and sent on with the calls that follow.
 *
 * A page GET runs only the routes' loaders, which are the server's own code, so their calls carry
 * the session's transient key. A form POST does not: its calls pass CSRF only with the form's hidden
 * transient key or the browser's own same-origin Origin/Referer, which are forwarded as they came.
 */
export function injectTransport(app: FastifyInstance, request: FastifyRequest, setCookies: string[]): PageTransport {
  const headers = apiHeadersOf(request);
  return async ({ method, path, query, body }) => {
    const search = query ? qs.stringify(query, { skipNulls: true }) : "";
    // A FormData body (a file a page's form uploads: `POST /media`) goes as the browser would send it, multipart.
    const multipart = body instanceof FormData ? new Request("http://form.invalid", { method: "POST", body }) : null;
    const response = await app.inject({
      method,
      url: `${API_PREFIX}${path}${search ? `?${search}` : ""}`,
      headers: multipart ? { ...headers, "content-type": multipart.headers.get("content-type") ?? "" } : headers,
      ...(multipart
        ? { payload: Buffer.from(await multipart.arrayBuffer()) }
        : body === undefined
          ? {}
          : { payload: body as Record<string, unknown> }),
    });
    const cookies = response.headers["set-cookie"];
    for (const cookie of Array.isArray(cookies) ? cookies : cookies ? [cookies] : []) {
      setCookies.push(cookie);
      // Later calls of the same render see the new session (or its end).
      const [pair = ""] = cookie.split(";");
      const [name = ""] = pair.split("=");
      const others = (headers["cookie"] ?? "")
        .split(";")
        .map((part) => part.trim())
        .filter((part) => part && !part.startsWith(`${name}=`));
      headers["cookie"] = [...others, ...(/max-age=0|expires=thu, 01 jan 1970/i.test(cookie) ? [] : [pair])].join("; ");
    }
    const responseHeaders: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      responseHeaders[name] = Array.isArray(value) ? value.join(", ") : value === undefined ? undefined : String(value);
    }
    let parsed: unknown = null;
    if (response.body) {
      try {
        parsed = JSON.parse(response.body);
      } catch {
        parsed = null;
      }
    }
    return { status: response.statusCode, headers: responseHeaders, body: parsed };
  };
}

/**
 * The layout editor's "Preview on the site": a reading page's `?layoutPreview={id}` goes to the page's layout lookup
 * as `params[layoutPreview]` (the API shows that stored layout to site managers only, and ignores it for anyone
 * else), so the reading pages' own script need not carry it.
 */
function withLayoutPreview<Call extends { path: string; query?: Record<string, unknown> | undefined }>(
  request: FastifyRequest,
  call: Call,
): Call {
  if (call.path !== "/layouts/lookup-hydrate") return call;
  const preview = new URL(request.url, "http://page.invalid").searchParams.get("layoutPreview");
  if (!preview) return call;
  const params = (call.query?.["params"] as Record<string, unknown> | undefined) ?? {};
  return { ...call, query: { ...call.query, params: { ...params, layoutPreview: preview } } };
}

/**
 * A page render's data: its GET calls answered in-process for the page request's own viewer
 * (`in-process-reads.ts`: the same handlers, checks and shapes, without an HTTP request each), the rest
 * through `inject` as a browser's calls. Once a call has written (a form POST's action) or set a cookie
 * (signing in or out), every later call goes through `inject`, which resolves the viewer anew from the
 * cookies so far; a direct read never writes a cookie.
 */
export function pageDataTransport(
  app: FastifyInstance,
  reads: InProcessReads,
  request: FastifyRequest,
  setCookies: string[],
): PageTransport {
  const inject = injectTransport(app, request, setCookies);
  const headers = apiHeadersOf(request);
  let wrote = false;
  return async (given) => {
    const call = withLayoutPreview(request, given);
    if (call.method !== "GET") wrote = true;
    if (!wrote && setCookies.length === 0) {
      const answer = await reads.read(request, headers, call.path, call.query);
      if (answer) return answer;
    }
    return inject(call);
  };
}
