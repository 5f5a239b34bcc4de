import path from "node:path";
import fastifyStatic from "@fastify/static";
import qs from "qs";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_PREFIX } from "../platform/http/api.ts";
import { originOf } from "../platform/http/pagination.ts";
import type { PageAssets, WebApiRequest, WebApiResponse, WebRenderer } from "./renderer.ts";

export interface PagesOptions {
  renderer: () => Promise<WebRenderer>;
  assets: (url: string) => Promise<PageAssets>;
  /** The client build to serve statically (production); absent in dev, where Vite serves it. */
  clientDir?: string;
  /** Runs before the page routes are added (dev: Vite's middleware). */
  setup?: (app: FastifyInstance) => Promise<void>;
}

/** Headers a page request passes on to the API calls made while rendering it. */
const forwardedHeaders = ["cookie", "authorization", "accept-language", "x-forwarded-proto", "x-forwarded-host", "user-agent"];

/**
 * Answers the API calls of a page render in-process (`inject`): the same routes, permissions and
 * serialisation as a browser's calls, without a socket.
 */
export function injectTransport(app: FastifyInstance, request: FastifyRequest) {
  const headers: Record<string, string> = { host: request.host, "x-requested-with": "parley-ssr" };
  for (const name of forwardedHeaders) {
    const value = request.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  return async ({ method, path, query, body }: WebApiRequest): Promise<WebApiResponse> => {
    const search = query ? qs.stringify(query, { skipNulls: true }) : "";
    const response = await app.inject({
      method,
      url: `${API_PREFIX}${path}${search ? `?${search}` : ""}`,
      headers,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
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

/** The generic error page of spec §2, for when rendering itself failed. */
export function sendPlainErrorPage(reply: FastifyReply, status: number): FastifyReply {
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>There was an error</title></head>` +
        `<body><main id="content"><h1>There was an error</h1><p>Please try again later.</p>` +
        `<p><a href="/">Back to Home</a></p></main></body></html>`,
    );
}

/**
 * Every page route: the React app rendered on the server with its data, then hydrated.
 * Unknown paths render the app's not-found page with status 404.
 */
export async function registerPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  await options.setup?.(app);
  if (options.clientDir) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      prefix: "/",
      wildcard: false,
      index: false,
      serveDotFiles: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        );
      },
    });
  }

  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const renderer = await options.renderer();
    const output = await renderer.render({
      url: `${originOf(request)}${request.url}`,
      transport: injectTransport(app, request),
      assets: await options.assets(request.url),
    });
    if (output.kind === "redirect") return reply.redirect(output.location, output.status);
    return reply
      .code(output.status)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(output.stream);
  });
}
