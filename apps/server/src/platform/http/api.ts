import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { ErrorBody, exposedHeaders, notFoundMessage } from "@parley/contracts";
import { registerQueryNormalisation } from "./querystring.ts";

export const API_PREFIX = "/api/v2";

/**
 * Conventions of every /api/v2 call (reference §1): POST answers 201 and DELETE 204 unless the
 * handler says otherwise, the paging headers are exposed to cross-origin readers, any path answers
 * OPTIONS, and an unknown API path is a JSON 404.
 */
export function registerApiConventions(app: FastifyInstance): void {
  registerQueryNormalisation(app);

  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith(`${API_PREFIX}/`) && request.url !== API_PREFIX) return;
    reply.header("access-control-expose-headers", exposedHeaders);
    if (request.method === "POST") reply.code(201);
    else if (request.method === "DELETE") reply.code(204);
  });

  app.options(
    `${API_PREFIX}/*`,
    { schema: { hide: true, response: { 204: Type.Null() } } },
    // The reply is returned: an async handler that sends and returns undefined makes Fastify send twice
    // (a "Reply was already sent" warning and a logged 500 on every preflight).
    async (_request, reply) =>
      reply
        .code(204)
        .header("access-control-allow-methods", "GET, POST, PUT, PATCH, DELETE, OPTIONS")
        .header("access-control-allow-headers", "Content-Type, Authorization, X-Requested-With, X-Transient-Key")
        .send(),
  );

  for (const url of [API_PREFIX, `${API_PREFIX}/*`]) {
    app.route({
      method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
      url,
      schema: { hide: true, response: { 404: ErrorBody } },
      handler: async (request, reply) => {
        reply.code(404);
        return { message: notFoundMessage(request.url.split("?")[0] ?? request.url), status: 404, description: null };
      },
    });
  }
}
