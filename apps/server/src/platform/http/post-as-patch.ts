import type { FastifyInstance, RouteOptions } from "fastify";
import { API_PREFIX } from "./api.ts";

/** What Fastify adds to a route's options as it registers it; a copy registered anew must not carry them. */
const REGISTERED_KEYS = ["path", "routePath", "prefix", "method"] as const;

type Schema = { hide?: boolean; response?: Record<string, unknown> } & Record<string, unknown>;

/**
 * Vanilla's POST fallback (reference §1.1): a POST to `/resource/{id}` (or `/resource/{id}/action`) with no POST
 * handler of its own runs the PATCH handler of that path (clients use it for multipart edits, and some only ever
 * POST). One mechanism for every route: each API PATCH route with a path parameter is kept as it is added (before
 * any onRoute hook adds to it), and {@link PostAsPatch.register}, once every feature has added its routes, adds a
 * POST twin for each path that has no POST route, with the PATCH route's schema (only its body fields, its
 * params' rules), hooks and handler. The twin is a POST like any other: CSRF checks it, it answers 201 by
 * default (reference §1.3), and it is left out of the OpenAPI document (the PATCH operation documents it).
 */
export interface PostAsPatch {
  /** The first onRoute hook's step: keeps a copy of an API PATCH route with a path parameter. */
  collect(route: RouteOptions): void;
  /** Adds the POST twins: after the features' routes, before the app is ready. */
  register(app: FastifyInstance): void;
}

export function createPostAsPatch(): PostAsPatch {
  const patches: RouteOptions[] = [];
  return {
    collect(route) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.includes("PATCH") || !route.url.startsWith(`${API_PREFIX}/`) || !route.url.includes("/:")) return;
      const schema = route.schema as Schema | undefined;
      if (schema?.hide) return;
      patches.push({ ...route, ...(schema ? { schema: { ...schema } } : {}) });
    },
    register(app) {
      for (const patch of patches) {
        if (app.hasRoute({ method: "POST", url: patch.url })) continue;
        const copy: Record<string, unknown> = { ...patch };
        for (const key of REGISTERED_KEYS) delete copy[key];
        const schema = patch.schema as Schema | undefined;
        const response = schema?.response ?? {};
        app.route({
          ...(copy as unknown as RouteOptions),
          method: "POST",
          url: patch.url,
          ...(schema
            ? {
                schema: {
                  ...schema,
                  hide: true,
                  // The PATCH's 200 is this POST's 201 (the default status of a POST).
                  response: response["200"] && !response["201"] ? { ...response, 201: response["200"] } : response,
                },
              }
            : {}),
        });
      }
      patches.length = 0;
    },
  };
}
