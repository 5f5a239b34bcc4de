import type { FastifyInstance } from "fastify";

type Schema = Record<string, unknown>;

/** Whether a body schema is an object that requires nothing, so sending no body means `{}`. */
export function bodyMayBeEmpty(schema: unknown): boolean {
  if (typeof schema !== "object" || schema === null) return false;
  const { type, required } = schema as Schema;
  return type === "object" && (!Array.isArray(required) || required.length === 0);
}

/**
 * A PUT or POST whose body schema requires no field accepts no body at all, as `{}`: `PUT
 * /users/{id}/ignored/{ignoredUserID}` or `POST /groups/{id}/join` sent by curl, a script or a form without fields
 * answered 422 "body is not a valid object", and with `Content-Type: application/json` and nothing after it, 400
 * (Fastify's JSON parser refuses an empty string). Register before the routes (the hook applies to routes added
 * after it); a route whose body has a required field still refuses a missing body.
 */
export function registerEmptyBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") return done(null, undefined);
    return parseJson(request, String(body), done);
  });
  app.addHook("preValidation", async (request) => {
    if (request.body !== undefined && request.body !== null) return;
    if (bodyMayBeEmpty(request.routeOptions.schema?.body)) request.body = {};
  });
}
