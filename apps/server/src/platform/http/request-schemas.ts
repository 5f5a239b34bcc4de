import type { RouteOptions } from "fastify";
import { RANGE_EXPRESSION_KEYWORD } from "@parley/contracts";

/** The range of the database's integer columns (PostgreSQL `integer`); ids and counts live in it. */
export const INTEGER_RANGE = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;

/**
 * The most items a request array holds when its schema names no bound: each may become a bound SQL
 * parameter, and SQLite refuses a statement with more than 32,766 of them (PostgreSQL 65,535).
 */
export const MAX_ARRAY_ITEMS = 10_000;

type Schema = Record<string, unknown>;

/** The keyword that refuses ±Infinity where a number is expected (see {@link requestKeywords}). */
export const FINITE_KEYWORD = "x-finite";
/** The keyword that refuses a NUL character in a path or query string (see {@link requestKeywords}). */
export const NO_NUL_KEYWORD = "x-no-nul";

/**
 * An Ajv plugin for the keywords the hardening adds:
 * - {@link FINITE_KEYWORD}: Ajv 8 coerces the strings "Infinity" and "1e400" to Infinity for an integer,
 *   and checks minimum/maximum only on finite numbers, so they passed every bound (and reached SQL or a
 *   response serialiser: 500). Every request number carries it.
 * - `x-range-expression` (contracts' `IdFilter`): a marker only; the query normalisation parses such a parameter.
 * - {@link NO_NUL_KEYWORD}: PostgreSQL refuses U+0000 in text (`$urlcode:%00` was a 500). Every string of
 *   a path or query carries it; bodies keep theirs, which services strip from what they store.
 */
export function requestKeywords<Ajv extends { addKeyword(definition: Keyword): Ajv }>(ajv: Ajv): Ajv {
  return ajv
    .addKeyword({
      keyword: FINITE_KEYWORD,
      schemaType: "boolean",
      validate: (schema, data) => !schema || typeof data !== "number" || Number.isFinite(data),
      errors: false,
    })
    .addKeyword({
      // A marker, read before validation (`querystring.ts` parses the parameter's range expression).
      keyword: RANGE_EXPRESSION_KEYWORD,
      schemaType: "boolean",
      validate: () => true,
      errors: false,
    })
    .addKeyword({
      keyword: NO_NUL_KEYWORD,
      schemaType: "boolean",
      validate: (schema, data) => !schema || typeof data !== "string" || !data.includes("\u0000"),
      errors: false,
    });
}

interface Keyword {
  keyword: string;
  schemaType: "boolean";
  validate: (schema: boolean, data: unknown) => boolean;
  errors: false;
}

const isSchema = (value: unknown): value is Schema => typeof value === "object" && value !== null;
const BRANCHES = ["anyOf", "oneOf", "allOf", "not", "if", "then", "else"];

/**
 * A copy of a request schema hardened for the wire:
 * - every object with named properties and no word on others says `additionalProperties: false`, so Ajv
 *   (`removeAdditional: true`) strips unknown fields, as Vanilla ignores them: a body's extra keys never
 *   reach a service, let alone a row (mass assignment) or SQL (an unknown column). Objects under
 *   anyOf/oneOf/allOf are left alone: Ajv would strip one branch's fields while trying another.
 * - every integer without bounds gets the database's integer range, so `99999999999999999999` or `2^63`
 *   is a 400 naming the field instead of an out-of-range error from the database; and every number must
 *   be finite ("Infinity", "1e400"). An array without a bound holds at most {@link MAX_ARRAY_ITEMS}.
 */
export function hardenRequestSchema(schema: unknown, options: { closeObjects: boolean; noNul?: boolean }): unknown {
  const copy = (node: unknown, inBranch: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => copy(item, inBranch));
    if (!isSchema(node)) return node;
    const out: Schema = {};
    // Enumerable keys only: TypeBox's own markers ("~kind") are hidden from validators.
    for (const [key, value] of Object.entries(node)) {
      if (key === "properties" && isSchema(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, copy(child, inBranch)]));
      } else if (key === "items" || key === "additionalProperties" || key === "patternProperties") {
        out[key] =
          key === "patternProperties" && isSchema(value)
            ? Object.fromEntries(Object.entries(value).map(([name, child]) => [name, copy(child, inBranch)]))
            : copy(value, inBranch);
      } else if (BRANCHES.includes(key)) {
        out[key] = copy(value, true);
      } else {
        out[key] = value;
      }
    }
    if (out["type"] === "integer" || out["type"] === "number") out[FINITE_KEYWORD] = true;
    if (out["type"] === "array" && out["maxItems"] === undefined) out["maxItems"] = MAX_ARRAY_ITEMS;
    if (options.noNul && out["type"] === "string") out[NO_NUL_KEYWORD] = true;
    if (out["type"] === "integer") {
      if (out["maximum"] === undefined && out["exclusiveMaximum"] === undefined) out["maximum"] = INTEGER_RANGE.maximum;
      if (out["minimum"] === undefined && out["exclusiveMinimum"] === undefined) out["minimum"] = INTEGER_RANGE.minimum;
    }
    if (
      options.closeObjects &&
      !inBranch &&
      isSchema(out["properties"]) &&
      out["additionalProperties"] === undefined &&
      out["patternProperties"] === undefined
    ) {
      out["additionalProperties"] = false;
    }
    return out;
  };
  return copy(schema, false);
}

/** Hardens a route's body (closed objects, bounded numbers and arrays), path and query (the same, no NUL) as it is added. */
export function hardenRouteSchemas(route: RouteOptions): void {
  const schema = route.schema as Record<string, unknown> | undefined;
  if (!schema) return;
  if (schema["body"]) schema["body"] = hardenRequestSchema(schema["body"], { closeObjects: true });
  for (const part of ["params", "querystring"]) {
    if (schema[part]) schema[part] = hardenRequestSchema(schema[part], { closeObjects: false, noNul: true });
  }
}

/**
 * Every string of a parsed body without NUL characters, in place: PostgreSQL's text columns refuse U+0000, and a
 * body field that reached one unstripped was a 500 (`POST /tokens` with a name of "\u0000"). Posts and names keep
 * their other characters; a field left empty meets its own rules (a required name is then missing). Iterative, so a
 * deeply nested body cannot exhaust the stack.
 */
export function stripNulFromBody(body: unknown): void {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== "object" || node === null) continue;
    const entries: Array<[string | number, unknown]> = Array.isArray(node)
      ? node.map((value, index) => [index, value])
      : Object.entries(node);
    for (const [key, value] of entries) {
      if (typeof value === "string") {
        if (value.includes("\u0000")) (node as Record<string | number, unknown>)[key] = value.replaceAll("\u0000", "");
      } else if (typeof value === "object" && value !== null) pending.push(value);
    }
  }
}
