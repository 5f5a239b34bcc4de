import qs from "qs";
import type { FastifyInstance } from "fastify";
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

interface PropertySchema {
  type?: unknown;
  anyOf?: unknown[];
}

interface ObjectSchema {
  properties?: Record<string, PropertySchema>;
}

const hasType = (schema: PropertySchema | undefined, type: string): boolean =>
  schema?.type === type ||
  (Array.isArray(schema?.anyOf) && schema.anyOf.some((item) => (item as PropertySchema).type === type));

/**
 * Query values as Vanilla reads them, before validation: the comma form of array params
 * (`expand=a,b`) is split for every property the route's schema declares as an array, and `1`/`0`
 * count as booleans (Ajv itself coerces only `true`/`false`). Changes `query` in place.
 */
export function normaliseQuery(schema: unknown, query: unknown): void {
  const properties = (schema as ObjectSchema | undefined)?.properties;
  if (!properties || !query) return;
  const values = query as Record<string, unknown>;
  for (const [name, property] of Object.entries(properties)) {
    const value = values[name];
    if (typeof value !== "string") continue;
    if (hasType(property, "array")) {
      values[name] = value === "" ? [] : value.split(",").map((item) => item.trim());
    } else if (hasType(property, "boolean") && (value === "1" || value === "0")) {
      values[name] = value === "1";
    }
  }
}

/** {@link normaliseQuery} on every request, before validation. */
export function registerQueryNormalisation(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    normaliseQuery(request.routeOptions.schema?.querystring, request.query);
  });
}
