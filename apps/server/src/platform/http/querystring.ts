import qs from "qs";
import type { FastifyInstance } from "fastify";
import { limits, RANGE_EXPRESSION_KEYWORD } from "@parley/contracts";
import { parseIdFilter } from "./filters.ts";

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
  [RANGE_EXPRESSION_KEYWORD]?: boolean;
  type?: unknown;
  anyOf?: unknown[];
  items?: PropertySchema;
}

interface ObjectSchema {
  properties?: Record<string, PropertySchema>;
}

const hasType = (schema: PropertySchema | undefined, type: string): boolean =>
  schema?.type === type ||
  (Array.isArray(schema?.anyOf) && schema.anyOf.some((item) => (item as PropertySchema).type === type));

/** A query parameter that names a member by id (`userID`, `insertUserID`, `bookmarkUserID`…), which may say `$me`. */
const USER_ID_PARAM = /^(?:userID|\w+UserID)$/;

/** `$me` in a member-id parameter: the viewer's id (0 for a guest), in each form a value may take. */
function resolveMe(value: unknown, userID: number): unknown {
  if (value === "$me") return String(userID);
  if (Array.isArray(value)) return value.map((item) => resolveMe(item, userID));
  if (typeof value === "string" && value.includes("$me"))
    return value
      .split(",")
      .map((item) => (item.trim() === "$me" ? String(userID) : item))
      .join(",");
  return value;
}

/**
 * Query values as Vanilla reads them, before validation: `$me` in a member-id parameter is the viewer's id
 * (reference §1.1 smart ids; `GET /discussions?insertUserID=$me`); an id filter's range expression (`1..3`, `[1,3]`,
 * `>=5`, `1,2,3`: contracts' `IdFilter`) becomes its ids or bounds, or a 400 when malformed; the comma form of
 * array params (`expand=a,b`) is split for every property the route's schema declares as an array, and `1`/`0`
 * count as booleans (Ajv itself coerces only `true`/`false`). Changes `query` in place.
 */
function normaliseQuery(schema: unknown, query: unknown, viewerID: number): boolean {
  const properties = (schema as ObjectSchema | undefined)?.properties;
  if (!properties || !query) return false;
  const values = query as Record<string, unknown>;
  let saidMe = false;
  for (const [name, property] of Object.entries(properties)) {
    let value = values[name];
    if (value === undefined) continue;
    if (USER_ID_PARAM.test(name)) {
      const resolved = resolveMe(value, viewerID);
      if (JSON.stringify(resolved) !== JSON.stringify(value)) {
        saidMe = true;
        values[name] = value = resolved;
      }
    }
    if (property[RANGE_EXPRESSION_KEYWORD]) {
      values[name] = parseIdFilter(name, value);
      continue;
    }
    if (typeof value !== "string") continue;
    if (hasType(property, "array")) {
      values[name] = value === "" ? [] : value.split(",").map((item) => item.trim());
    } else if (hasType(property, "boolean") && (value === "1" || value === "0")) {
      values[name] = value === "1";
    }
  }
  return saidMe;
}

/** A whole number as a path or query writes it: decimal digits, an optional minus. */
const DECIMAL_INTEGER = /^-?\d+$/;
/** What a loose integer becomes: a string Ajv will not coerce, so the field fails as "must be integer". */
const NOT_AN_INTEGER = "NaN";

/** A string Ajv would read as a finite number without it being written in decimal digits (`Infinity` fails elsewhere). */
const looseInteger = (value: unknown) =>
  typeof value === "string" && !DECIMAL_INTEGER.test(value) && Number.isFinite(Number(value));

/**
 * Integers of a path or query in decimal digits only. Ajv coerces any string that JavaScript's `==` finds equal to
 * its number, so `0x1`, `1e0`, ` 1` and `0b1` were all read as 1: one record under many URLs (and a way around a
 * cache key or a rate limit keyed by the path). A value of another form fails validation as any non-number does.
 * Changes `values` in place.
 */
function refuseLooseIntegers(schema: unknown, values: unknown): void {
  const properties = (schema as ObjectSchema | undefined)?.properties;
  if (!properties || !values) return;
  const record = values as Record<string, unknown>;
  for (const [name, property] of Object.entries(properties)) {
    const value = record[name];
    if (value === undefined) continue;
    if (hasType(property, "integer") && looseInteger(value)) record[name] = NOT_AN_INTEGER;
    else if (hasType(property, "array") && hasType(property.items, "integer") && Array.isArray(value)) {
      record[name] = value.map((item: unknown) => (looseInteger(item) ? NOT_AN_INTEGER : item));
    }
  }
}

/**
 * {@link normaliseQuery} and {@link refuseLooseIntegers} on every request, before validation. True when the query
 * said `$me`: the answer is the viewer's own, not to be kept by a shared cache.
 */
export function normaliseRequest(
  schema: { params?: unknown; querystring?: unknown } | undefined,
  request: {
    params: unknown;
    query: unknown;
    viewer?: { userID: number };
  },
): boolean {
  const saidMe = normaliseQuery(schema?.querystring, request.query, request.viewer?.userID ?? 0);
  refuseLooseIntegers(schema?.querystring, request.query);
  refuseLooseIntegers(schema?.params, request.params);
  return saidMe;
}

export function registerQueryNormalisation(app: FastifyInstance): void {
  app.addHook("preValidation", async (request, reply) => {
    // Reference §1.8: an answer that used `$me` is the viewer's own.
    if (normaliseRequest(request.routeOptions.schema, request)) reply.header("cache-control", "no-cache, private");
  });
}
