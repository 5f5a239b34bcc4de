import { Readable } from "node:stream";
import FindMyWay from "find-my-way";
import qs from "qs";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { ROLE_TOKEN_PARAM } from "../auth/role-tokens.ts";
import { API_PREFIX } from "./api.ts";
import { compressAnswer } from "./compression.ts";
import { errorBodyOf } from "./errors.ts";
import { normaliseRequest } from "./querystring.ts";
import { AJV_OPTIONS, lazySerializers, lazyValidators, ROUTER_OPTIONS, type AjvValidate } from "./schema-compilers.ts";

/**
 * GET /api/v2 calls answered in-process for a request the app has already authenticated (a page render's
 * data), through the same route handlers, without Fastify's HTTP lifecycle: no light-my-request objects,
 * no session lookup per call, no JSON parse of a request. The route is matched by find-my-way (Fastify's
 * own router, with the app's router options), params and query are coerced and validated by the app's
 * Ajv options, the route's own hooks run, and the answer takes the shape of the route's response schema
 * (the app's serialiser, then JSON.parse). A failure answers the error handler's body and status.
 *
 * What a call skips of the app's own hooks, and why that changes no answer for a GET made in-process on
 * behalf of the request's own viewer (every `addHook` in apps/server/src):
 * - `sessions` (onRequest): resolves the viewer from a bearer token or the session cookie. The caller's
 *   request went through it with the same cookie, so its `viewer` is the one a call would resolve; calls
 *   with a bearer token (`authorization`, `access_token`) or a role token (`role-token`) are not served here (see `read`).
 * - guests' API limit (onRequest, `address-limits.ts`): never counts a page render's calls (`clientOf().ssr`).
 * - CSRF (preValidation, `csrf.ts`), the audit log (preHandler/onSend/onResponse, `moderation/audit.ts`)
 *   and the search index drain (onSend, `search/index.ts`): non-GET requests only.
 * - API conventions (`api.ts`): `access-control-expose-headers` (a browser's CORS concern) and the 201/204
 *   defaults of POST and DELETE; its query normalisation (preValidation) runs here (`normaliseRequest`).
 * - guests' API answer cache (preHandler/onSend, `guest-api-cache.ts`): a cache, not a decision; a call here
 *   computes the answer fresh (the guests' page cache keeps whole pages anyway).
 * - security headers (onRequest, `app.ts`), compression (each route's onSend, `compression.ts`), the
 *   embed script's CORP header (onRequest, `pages.ts`), the X-Request-Id header and the request log (onRequest,
 *   onResponse, `app.ts`) and the requests' metrics (onResponse, `metrics.ts`): bytes, headers and counts of
 *   an HTTP answer, which a call here does not make (the page's own request is logged and counted).
 * - onRoute (`hardenRouteSchemas`, compression): already applied to the route options in `app.routeList`.
 * - onReady/preClose/onClose: the app's life, not a request's.
 * A route's own hooks (search's per-address limit) run as Fastify runs them: onRequest, preValidation,
 * validation, preHandler. A route with any other hook, a response schema with per-type content, or no
 * success schema (an event stream, a redirect) is left to `inject`.
 */

type Hook = (
  this: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: unknown) => void,
) => unknown;

interface ReadRoute {
  options: RouteOptions;
  onRequest: Hook[];
  preValidation: Hook[];
  preHandler: Hook[];
  validators: { params?: AjvValidate; querystring?: AjvValidate } | null;
  serializers: Map<string, ((data: unknown) => string) | null>;
}

/** What a call answers: the status, the headers the handler set, and the body as the client would parse it. */
export interface InProcessAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const hooksOf = (value: unknown): Hook[] => (Array.isArray(value) ? value : value ? [value] : []) as Hook[];
/** Hooks a route may have and still be answered here (compression only encodes bytes). */
const otherHooks = ["preParsing", "preSerialization", "onResponse", "onError", "onTimeout", "onRequestAbort"] as const;

/**
 * A route answered here: a GET under /api/v2 whose response schema names a 2xx answer (or the JSON 404 of
 * every unknown API path), with no hook beyond onRequest, preValidation and preHandler.
 */
function servedHere(route: RouteOptions): boolean {
  const response = (route.schema as { response?: Record<string, { content?: unknown }> } | undefined)?.response;
  if (!response || Object.values(response).some((schema) => schema.content !== undefined)) return false;
  const statuses = Object.keys(response);
  const isNotFound = route.url === API_PREFIX || route.url === `${API_PREFIX}/*`;
  if (!isNotFound && !statuses.some((status) => /^2(?:\d\d|xx)$/i.test(status))) return false;
  if (otherHooks.some((name) => hooksOf(route[name]).length > 0)) return false;
  return hooksOf(route.onSend).every((hook) => hook === (compressAnswer as unknown));
}

/** A path `inject` would send as it is (light-my-request's URL parser changes dot segments, `\`, `#`, spaces). */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9\-._~!$&'()*+,;=:@%]+)*\/?$/;
const plainPath = (path: string) => PLAIN_PATH.test(path) && !/\/\.\.?(?:\/|$)/.test(path);

/** The reply a handler sees: status and headers recorded, the payload kept; it writes no cookies. */
function createReply(app: FastifyInstance, request: FastifyRequest) {
  const headers: Record<string, string> = {};
  const reply = {
    statusCode: 200,
    sent: false,
    payload: undefined as unknown,
    request,
    server: app,
    log: request.log,
    headersRecorded: headers,
    code(status: number) {
      reply.statusCode = status;
      return reply;
    },
    status(status: number) {
      return reply.code(status);
    },
    header(name: string, value: unknown) {
      const key = name.toLowerCase();
      if (key === "set-cookie") throw new Error("A page's in-process read writes no cookies.");
      headers[key] = Array.isArray(value) ? value.join(", ") : String(value);
      return reply;
    },
    headers(values: Record<string, unknown>) {
      for (const [name, value] of Object.entries(values)) reply.header(name, value);
      return reply;
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
    getHeaders: () => ({ ...headers }),
    hasHeader: (name: string) => name.toLowerCase() in headers,
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
      return reply;
    },
    type(contentType: string) {
      return reply.header("content-type", contentType);
    },
    send(payload?: unknown) {
      if (reply.sent) return reply;
      reply.sent = true;
      reply.payload = payload;
      return reply;
    },
    setCookie(): never {
      throw new Error("A page's in-process read writes no cookies.");
    },
    clearCookie(): never {
      throw new Error("A page's in-process read writes no cookies.");
    },
  };
  return reply;
}

type ReadReply = ReturnType<typeof createReply>;

/** A Fastify validation failure, as Fastify's validation makes it for the error handler. */
function validationError(errors: AjvValidate["errors"], context: string): FastifyError {
  return Object.assign(new Error(`${context} is invalid`), {
    statusCode: 400,
    code: "FST_ERR_VALIDATION",
    name: "FastifyError",
    validation: errors ?? [],
    validationContext: context,
  }) as unknown as FastifyError;
}

async function textOf(payload: unknown): Promise<string> {
  if (payload instanceof Readable) {
    let text = "";
    for await (const chunk of payload) text += String(chunk);
    return text;
  }
  return Buffer.isBuffer(payload) ? payload.toString("utf8") : String(payload);
}

export interface InProcessReads {
  /**
   * Answers `GET /api/v2{path}?{query}` for `caller`'s viewer, with `headers` as the call's request
   * headers (accept-language, the page client's address); null when the call must go through `inject`.
   */
  read(
    caller: FastifyRequest,
    headers: Record<string, string>,
    path: string,
    query?: Record<string, unknown>,
  ): Promise<InProcessAnswer | null>;
}

/** The in-process reads of `app` (its routes are read from `app.routeList` on the first call, once ready). */
export function createInProcessReads(app: FastifyInstance): InProcessReads {
  let router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1> | null = null;
  let compileValidator: ReturnType<typeof lazyValidators> | null = null;
  let compileSerializer: ReturnType<typeof lazySerializers> | null = null;
  const debug = app.platform.config.debug;

  const buildRouter = () => {
    const built = FindMyWay({ ...ROUTER_OPTIONS });
    for (const options of app.routeList) {
      const methods = Array.isArray(options.method) ? options.method : [options.method];
      if (!methods.includes("GET") || !options.url.startsWith(API_PREFIX)) continue;
      const route: ReadRoute | null = servedHere(options)
        ? {
            options,
            onRequest: hooksOf(options.onRequest),
            preValidation: hooksOf(options.preValidation),
            preHandler: hooksOf(options.preHandler),
            validators: null,
            serializers: new Map(),
          }
        : null;
      // Routes left to inject are matched too, so that a path never falls through to another route here.
      built.on("GET", options.url, () => undefined, route);
    }
    return built;
  };

  const validatorsOf = (route: ReadRoute) => {
    if (route.validators) return route.validators;
    compileValidator ??= lazyValidators(app.getSchemas() as Parameters<typeof lazyValidators>[0], {
      customOptions: { ...AJV_OPTIONS.customOptions },
      plugins: [...AJV_OPTIONS.plugins],
    });
    const schema = (route.options.schema ?? {}) as { params?: unknown; querystring?: unknown };
    const compile = (part: "params" | "querystring") =>
      schema[part] === undefined
        ? undefined
        : compileValidator!({ schema: schema[part] as object, method: "GET", url: route.options.url, httpPart: part });
    const params = compile("params");
    const querystring = compile("querystring");
    route.validators = { ...(params ? { params } : {}), ...(querystring ? { querystring } : {}) };
    return route.validators;
  };

  /** The route's serialiser for a status, chosen as Fastify chooses it: exact, then `Nxx`, then `default`. */
  const serializerOf = (route: ReadRoute, status: number) => {
    const key = String(status);
    if (route.serializers.has(key)) return route.serializers.get(key)!;
    const response = (route.options.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
    const byStatus = Object.fromEntries(Object.entries(response).map(([name, schema]) => [name.toLowerCase(), schema]));
    const chosen = [key, `${key[0]}xx`, "default"].find((name) => byStatus[name] !== undefined);
    compileSerializer ??= lazySerializers(app.getSchemas(), undefined);
    const serialize = chosen
      ? compileSerializer({
          schema: byStatus[chosen],
          url: route.options.url,
          method: "GET",
          httpStatus: chosen,
        })
      : null;
    route.serializers.set(key, serialize);
    return serialize;
  };

  const runHooks = async (hooks: Hook[], request: FastifyRequest, reply: ReadReply) => {
    for (const hook of hooks) {
      await new Promise<void>((resolve, reject) => {
        let settled = false;
        const done = (error?: unknown) => {
          if (settled) return;
          settled = true;
          if (error) reject(error instanceof Error ? error : new Error("A route hook failed."));
          else resolve();
        };
        try {
          const result = hook.call(app, request, reply as unknown as FastifyReply, done);
          if (result && typeof (result as Promise<unknown>).then === "function")
            (result as Promise<unknown>).then(() => done(), done);
        } catch (error) {
          done(error);
        }
      });
      if (reply.sent) return;
    }
  };

  const validate = (route: ReadRoute, request: FastifyRequest) => {
    const validators = validatorsOf(route);
    // Fastify's order and call: params, then the query, each with its parent so Ajv may coerce the root.
    for (const [part, context, validator] of [
      ["params", "params", validators.params],
      ["query", "querystring", validators.querystring],
    ] as const) {
      if (!validator) continue;
      const data = (request as unknown as Record<string, unknown>)[part] ?? null;
      const valid = validator(data, { parentData: request as never, parentDataProperty: part } as never);
      if (valid === false) throw validationError(validator.errors, context);
    }
  };

  /** The route's lifecycle up to the handler's answer; a thrown error is the error handler's to answer. */
  const handle = async (route: ReadRoute, request: FastifyRequest, reply: ReadReply) => {
    await runHooks(route.onRequest, request, reply);
    if (reply.sent) return;
    normaliseRequest(route.options.schema, request);
    await runHooks(route.preValidation, request, reply);
    if (reply.sent) return;
    validate(route, request);
    await runHooks(route.preHandler, request, reply);
    if (reply.sent) return;
    const result: unknown = await route.options.handler.call(app, request, reply as unknown as FastifyReply);
    reply.send(result);
  };

  /** The body as the client receives it: the route's serialiser (or JSON), parsed back. */
  const bodyOf = async (route: ReadRoute, reply: ReadReply): Promise<unknown> => {
    const payload = reply.payload;
    if (payload === undefined || reply.statusCode === 204 || reply.statusCode === 304) return null;
    let text: string;
    if (typeof payload === "string" || Buffer.isBuffer(payload) || payload instanceof Readable) {
      text = await textOf(payload);
    } else {
      const serialize = serializerOf(route, reply.statusCode);
      text = serialize ? serialize(payload) : JSON.stringify(payload);
    }
    if (!text) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  };

  const answerError = (route: ReadRoute, request: FastifyRequest, reply: ReadReply, error: unknown) => {
    const body = errorBodyOf(error as FastifyError, request, debug);
    reply.statusCode = body.status;
    reply.sent = true;
    reply.payload = body;
    reply.header("content-type", "application/json; charset=utf-8");
    return bodyOf(route, reply);
  };

  return {
    async read(caller, headers, path, query) {
      if (
        caller.viewer.via === "bearer" ||
        caller.viewer.via === "role-token" ||
        headers["authorization"] !== undefined
      )
        return null;
      if (query && ("access_token" in query || ROLE_TOKEN_PARAM in query)) return null;
      if (!plainPath(path)) return null;
      router ??= buildRouter();
      const search = query ? qs.stringify(query, { skipNulls: true }) : "";
      const url = `${API_PREFIX}${path}${search ? `?${search}` : ""}`;
      const found = router.find("GET", url);
      const route = found?.store as ReadRoute | null | undefined;
      if (!found || !route) return null;
      const request = {
        id: `${caller.id}-read`,
        method: "GET",
        url,
        originalUrl: url,
        params: found.params,
        query: found.searchParams,
        body: undefined,
        headers,
        ip: caller.ip,
        ips: caller.ips,
        host: headers["host"],
        hostname: headers["host"],
        protocol: caller.protocol,
        server: app,
        log: caller.log,
        viewer: caller.viewer,
        cookies: caller.cookies,
        is404: false,
        routeOptions: {
          method: route.options.method,
          url: route.options.url,
          schema: route.options.schema,
          config: route.options.config ?? {},
          handler: route.options.handler,
        },
      } as unknown as FastifyRequest;
      const reply = createReply(app, request);
      let body: unknown;
      try {
        await handle(route, request, reply);
        if (reply.payload instanceof Error) throw reply.payload;
        body = await bodyOf(route, reply);
      } catch (error) {
        // A serialiser that refused the answer fails it as Fastify's would: through the error handler.
        try {
          body = await answerError(route, request, reply, error);
        } catch (again) {
          const fallback = errorBodyOf(again as FastifyError, request, debug);
          reply.statusCode = fallback.status;
          body = fallback;
        }
      }
      return { status: reply.statusCode, headers: { ...reply.headersRecorded }, body };
    },
  };
}
