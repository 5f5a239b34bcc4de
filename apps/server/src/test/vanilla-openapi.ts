import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import YAML from "yaml";

/*
 * Vanilla's own OpenAPI fragments (GPL reference data beside the project, never copied into it), merged as
 * Vanilla merges them at run time, and turned into Ajv validators of each operation's success answer.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the fragments are: `VANILLA_OPENAPI_DIR`, else `../shared/reference/vanilla-openapi` beside the repository. */
export const vanillaOpenApiDir =
  process.env["VANILLA_OPENAPI_DIR"] ?? path.resolve(here, "../../../../../shared/reference/vanilla-openapi");

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface VanillaOperation {
  method: "get" | "post" | "patch" | "put" | "delete";
  /** Vanilla's path, e.g. `/discussions/{id}` (a few fragments write `:id`). */
  path: string;
  /** The fragment it is in, e.g. `vanilla-discussions.yml`. */
  file: string;
  /** Query parameters Vanilla marks required. */
  requiredQuery: string[];
  /** The JSON schema of the 200/201 answer, when the fragment gives one. */
  schema: JsonObject | null;
}

export interface VanillaApi {
  operations: VanillaOperation[];
  /** Refs that name a part no fragment here defines (cloud-only files); each validates anything. */
  missingRefs: Set<string>;
  validator(operation: VanillaOperation): ValidateFunction | null;
}

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Reads and merges every fragment; `null` when the folder is not there. */
export function loadVanillaApi(dir = vanillaOpenApiDir): VanillaApi | null {
  if (!fs.existsSync(dir)) return null;
  const components: Record<string, JsonObject> = {};
  const documents: Array<{ file: string; doc: JsonObject }> = [];
  for (const file of fs.readdirSync(dir).sort()) {
    if (!/\.ya?ml$/.test(file)) continue;
    const doc = YAML.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Json;
    if (!isObject(doc)) continue;
    documents.push({ file, doc });
    const parts = doc["components"];
    if (!isObject(parts)) continue;
    for (const [kind, entries] of Object.entries(parts)) {
      if (!isObject(entries)) continue;
      components[kind] = { ...components[kind], ...entries };
    }
  }
  const missingRefs = new Set<string>();
  const lookup = (pointer: string): Json | undefined => {
    const [, , kind, name] = pointer.split("/");
    return kind && name ? components[kind]?.[name] : undefined;
  };
  /** `…/schemas.yml#/components/schemas/X` and `#/components/schemas/X` both name the merged part. */
  const localRef = (ref: string) => ref.slice(ref.indexOf("#"));

  const operations: VanillaOperation[] = [];
  for (const { file, doc } of documents) {
    const paths = doc["paths"];
    if (!isObject(paths)) continue;
    for (const [route, item] of Object.entries(paths)) {
      if (!isObject(item)) continue;
      for (const method of ["get", "post", "patch", "put", "delete"] as const) {
        const operation = item[method];
        if (!isObject(operation)) continue;
        const parameters = [
          ...(Array.isArray(item["parameters"]) ? item["parameters"] : []),
          ...(Array.isArray(operation["parameters"]) ? operation["parameters"] : []),
        ]
          .map((parameter) =>
            isObject(parameter) && typeof parameter["$ref"] === "string"
              ? lookup(localRef(parameter["$ref"]))
              : parameter,
          )
          .filter(isObject);
        const requiredQuery = parameters
          .filter((parameter) => parameter["in"] === "query" && parameter["required"] === true)
          .map((parameter) => (typeof parameter["name"] === "string" ? parameter["name"] : ""));
        operations.push({ method, path: route, file, requiredQuery, schema: successSchema(operation) });
      }
    }
  }

  function successSchema(operation: JsonObject): JsonObject | null {
    const responses = operation["responses"];
    if (!isObject(responses)) return null;
    let response = responses["200"] ?? responses["201"];
    if (isObject(response) && typeof response["$ref"] === "string") response = lookup(localRef(response["$ref"]));
    if (!isObject(response)) return null;
    const content = response["content"];
    const json = isObject(content) ? content["application/json"] : undefined;
    const schema = isObject(json) ? json["schema"] : undefined;
    return isObject(schema) ? schema : null;
  }

  // One Ajv document holds the merged components; each answer's schema refers into it.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv, ["date-time", "date", "uri", "email"]);
  const shared = toJsonSchema({ components }, lookup, localRef, missingRefs) as JsonObject;
  ajv.addSchema({ $id: "vanilla.json", ...shared });
  const compiled = new Map<VanillaOperation, ValidateFunction | null>();

  return {
    operations,
    missingRefs,
    validator(operation) {
      if (!compiled.has(operation)) {
        compiled.set(
          operation,
          operation.schema
            ? ajv.compile(toJsonSchema(operation.schema, lookup, localRef, missingRefs) as JsonObject)
            : null,
        );
      }
      return compiled.get(operation) ?? null;
    },
  };
}

/** Keywords whose value maps names to schemas. */
const namedMaps = new Set(["properties", "patternProperties", "components", "schemas", "parameters", "responses"]);

/**
 * OpenAPI 3.0's schema dialect to JSON Schema for Ajv: `nullable` becomes a null type, refs point into the
 * merged document (`vanilla.json`), and a ref to a part that no fragment here defines accepts anything.
 */
function toJsonSchema(
  value: Json,
  lookup: (pointer: string) => Json | undefined,
  localRef: (ref: string) => string,
  missing: Set<string>,
): Json {
  if (Array.isArray(value)) return value.map((item) => toJsonSchema(item, lookup, localRef, missing));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === "nullable" || key === "example" || key.startsWith("x-")) continue;
    if (key === "$ref") out[key] = child;
    else if (namedMaps.has(key) && isObject(child))
      // Property (and component) names are names, not keywords: keep each, convert what it holds.
      out[key] = Object.fromEntries(
        Object.entries(child).map(([name, schema]) => [name, toJsonSchema(schema, lookup, localRef, missing)]),
      );
    else out[key] = toJsonSchema(child, lookup, localRef, missing);
  }
  // A few fragments write a property's schema where its keywords go (`type: {…}`): that part checks nothing.
  if ("type" in out && typeof out["type"] !== "string" && !Array.isArray(out["type"])) delete out["type"];
  if (typeof out["$ref"] === "string") {
    const pointer = localRef(out["$ref"]);
    if (lookup(pointer) === undefined) {
      missing.add(out["$ref"]);
      delete out["$ref"];
    } else out["$ref"] = `vanilla.json${pointer}`;
  }
  if (value["nullable"] === true) {
    const type = out["type"];
    if (typeof type === "string") {
      out["type"] = [type, "null"];
      if (Array.isArray(out["enum"])) out["enum"] = [...out["enum"], null];
    } else return { anyOf: [out, { type: "null" }] };
  }
  return out;
}
