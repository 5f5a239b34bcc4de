import qs from "qs";
import type { FastifyInstance, FastifySchema } from "fastify";
import { limits } from "@parley/contracts";

/**
 * Query strings as Vanilla's client sends them: bracket arrays (`expand[0]=a`, `expand[]=a`),
 * nested objects (`params[locale]=en`), with qs's limits of spec §9.
 */
export function parseQueryString(raw: string): Record<string, unknown> {
  return qs.parse(raw, {
    depth: limits.queryString.depth,
    parameterLimit: limits.queryString.parameterLimit,
    arrayLimit: limits.queryString.arrayLimit,
    ignoreQueryPrefix: true,
  });
}

interface ObjectSchema {
  properties?: Record<string, { type?: unknown; anyOf?: unknown[] }>;
}

const isArraySchema = (schema: { type?: unknown; anyOf?: unknown[] } | undefined): boolean =>
  schema?.type === "array" ||
  (Array.isArray(schema?.anyOf) && schema.anyOf.some((item) => (item as { type?: unknown }).type === "array"));

/**
 * The comma form of array params (`expand=a,b`): for every query property that the route's schema
 * declares as an array, a string value is split on commas before validation.
 */
export function registerCommaArrays(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const schema = (request.routeOptions.schema as FastifySchema | undefined)?.querystring as ObjectSchema | undefined;
    const query = request.query as Record<string, unknown> | undefined;
    if (!schema?.properties || !query) return;
    for (const [name, property] of Object.entries(schema.properties)) {
      const value = query[name];
      if (typeof value === "string" && isArraySchema(property)) {
        query[name] = value === "" ? [] : value.split(",").map((item) => item.trim());
      }
    }
  });
}
