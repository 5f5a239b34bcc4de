import ValidatorSelector, { type BuildCompilerFromPool } from "@fastify/ajv-compiler";
import SerializerSelector from "@fastify/fast-json-stringify-compiler";
import { parseQueryString } from "./querystring.ts";
import { requestKeywords } from "./request-schemas.ts";
import { nullableAsTypes } from "./serializer-schemas.ts";

/**
 * The app's router options (Fastify's `routerOptions`), shared with the in-process reads of page
 * renders (`in-process-reads.ts`), whose find-my-way router must match paths exactly as Fastify's does.
 */
export const ROUTER_OPTIONS = { ignoreTrailingSlash: true, querystringParser: parseQueryString } as const;

/** The app's Ajv options (Fastify's `ajv`): coercion, stripping, defaults and the hardening's keywords. */
export const AJV_OPTIONS = {
  customOptions: { allErrors: true, coerceTypes: "array", removeAdditional: true, useDefaults: true },
  plugins: [requestKeywords],
} as const;

const buildSerializer = SerializerSelector();
/**
 * Response serialisers (fast-json-stringify) compiled on a route's first answer with that status
 * instead of all at start: hundreds of route × status pairs, most never used by a given process,
 * were most of the start-up time. Nullable values are read as type lists (`nullableAsTypes`).
 */
export function lazySerializers(externalSchemas?: unknown, options?: Parameters<typeof buildSerializer>[1]) {
  let compile: ReturnType<typeof buildSerializer> | undefined;
  return (route: Parameters<ReturnType<typeof buildSerializer>>[0]) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) =>
      (serialize ??= (compile ??= buildSerializer(nullableAsTypes(externalSchemas), options))({
        ...route,
        schema: nullableAsTypes(route.schema),
      }))(data);
  };
}

/**
 * Request validators (Ajv) compiled on a route's first request, for the same reason: compiling every
 * route's schemas (and keying Ajv's pool by the stringified shared schemas, once per plugin context)
 * was most of what remained of the start-up time. Ajv's own function runs underneath, with the
 * parent passed so it may still coerce a root value (Fastify does so when it sees `schemaEnv`), and
 * its `errors` copied over for Fastify's error handler.
 */
const buildValidator = ValidatorSelector();
export type AjvValidate = ReturnType<ReturnType<BuildCompilerFromPool>>;
export const lazyValidators: BuildCompilerFromPool = (externalSchemas, options) => {
  let compile: ReturnType<BuildCompilerFromPool> | undefined;
  return (route) => {
    let validate: AjvValidate | undefined;
    const lazy = (data: unknown, context?: Parameters<AjvValidate>[1]) => {
      validate ??= (compile ??= buildValidator(externalSchemas, options))(route);
      const result = validate(data, context);
      lazy.errors = validate.errors;
      return result;
    };
    lazy.errors = null as AjvValidate["errors"];
    return Object.assign(lazy, { schema: route, schemaEnv: true }) as unknown as AjvValidate;
  };
};
