import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorMessages, fieldErrorStatus, type ErrorBody, type FieldError } from "@parley/contracts";
import { HttpError, isUniqueViolation } from "../errors.ts";
import { PostHeld } from "../screening.ts";
import { FINITE_KEYWORD, NO_NUL_KEYWORD } from "./request-schemas.ts";

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const contextName: Record<string, string> = { querystring: "query", params: "path", body: "body", headers: "headers" };

/** One Ajv error → one field error in garden-schema's words (reference §1.4). */
export function toFieldError(error: AjvError, context: string | undefined): FieldError {
  const segments = error.instancePath.split("/").filter(Boolean);
  const missing = error.keyword === "required" ? String(error.params["missingProperty"]) : undefined;
  const field = missing ?? segments.at(-1) ?? contextName[context ?? ""] ?? "body";
  const parents = missing ? segments : segments.slice(0, -1);
  const path = parents.length
    ? parents
        .map((segment, index) => (/^\d+$/.test(segment) ? `[${segment}]` : index ? `.${segment}` : segment))
        .join("")
    : undefined;
  const p = error.params;
  let code: string;
  let message: string;
  let status = 400;
  switch (error.keyword) {
    case "required":
      code = "missingField";
      message = `${field} is required.`;
      break;
    case "minLength":
      code = "minLength";
      message = `${field} should be at least ${String(p["limit"])} characters long.`;
      break;
    case "maxLength":
      code = "maxLength";
      message = `${field} is ${String(p["limit"])} characters at most.`;
      break;
    case "minimum":
    case "exclusiveMinimum":
      code = "minimum";
      message = `${field} should be at least ${String(p["limit"])}.`;
      break;
    case "maximum":
    case "exclusiveMaximum":
      code = "maximum";
      message = `${field} should be at most ${String(p["limit"])}.`;
      break;
    case "minItems":
      code = "minItems";
      message = `${field} must contain at least ${String(p["limit"])} items.`;
      break;
    case "maxItems":
      code = "maxItems";
      message = `${field} must contain no more than ${String(p["limit"])} items.`;
      break;
    case "multipleOf":
      code = "multipleOf";
      message = `${field} is not a multiple of ${String(p["multipleOf"])}.`;
      break;
    case "additionalProperties":
      code = "unexpectedField";
      message = `${String(p["additionalProperty"])} is not a valid field.`;
      status = 422;
      break;
    case "type":
      code = "invalid";
      message = `${field} is not a valid ${String(p["type"]).replace(",", " or ")}.`;
      status = 422;
      break;
    case "enum":
      code = "invalid";
      message = `${field} must be one of: ${(p["allowedValues"] as unknown[]).join(", ")}.`;
      break;
    case FINITE_KEYWORD:
      code = "invalid";
      message = `${field} is not a finite number.`;
      break;
    case NO_NUL_KEYWORD:
      code = "invalid";
      message = `${field} contains a NUL character.`;
      break;
    case "format":
      code = "invalid";
      message = `${field} is not a valid ${String(p["format"])}.`;
      break;
    default:
      code = "invalid";
      message = `${field} is invalid.`;
  }
  return path ? { field, path, code, message, status } : { field, code, message, status };
}

/** Drops the anyOf noise Ajv adds for union types: one error per field is enough. */
function groupByField(errors: FieldError[]): FieldError[] {
  const seen = new Map<string, FieldError>();
  for (const error of errors) {
    const key = `${error.path ?? ""}.${error.field}`;
    if (!seen.has(key)) seen.set(key, error);
  }
  return [...seen.values()];
}

const isApi = (request: FastifyRequest) => request.url.startsWith("/api/");

export interface ErrorHandlerOptions {
  debug: boolean;
  /** Renders an HTML error page for non-API requests (the SSR error page); plain HTML when absent. */
  renderHtmlError?: (request: FastifyRequest, reply: FastifyReply, status: number) => Promise<void> | void;
}

/**
 * The answer to a failure under /api/: `{message, status, description, errors?}`, 5xx details hidden
 * unless debug is on. The error handler sends it; page renders' in-process reads (`in-process-reads.ts`)
 * give it to the page, so both answer a failure alike.
 */
export function errorBodyOf(error: FastifyError | HttpError, request: FastifyRequest, debug: boolean): ErrorBody {
  let body: ErrorBody;
  if (error instanceof HttpError) {
    body = { message: error.message, status: error.status, description: error.context.description ?? null };
    if (error.context.errors) body.errors = error.context.errors;
    if (error.context.permissions) body.permissions = error.context.permissions;
    if (error.context.actionButton) body.actionButton = error.context.actionButton;
  } else if ("validation" in error && Array.isArray(error.validation)) {
    const errors = groupByField(
      (error.validation as AjvError[]).map((item) => toFieldError(item, error.validationContext)),
    );
    body = {
      message: errorMessages.validationFailed,
      status: Math.max(400, ...errors.map(fieldErrorStatus)),
      description: null,
      errors,
    };
  } else if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
    body = { message: error.message, status: error.statusCode, description: null };
  } else if (isUniqueViolation(error)) {
    request.log.warn({ err: error }, "a unique index refused a write");
    body = { message: errorMessages.conflict, status: 409, description: null };
  } else {
    request.log.error({ err: error }, "unhandled error");
    body = { message: debug ? error.message : errorMessages.internal, status: 500, description: null };
    if (debug && error.stack) body.trace = error.stack;
  }
  return body;
}

/** The one error handler: every failure under /api/ answers {@link errorBodyOf}; other paths an HTML page. */
export function registerErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions): void {
  app.setErrorHandler(async (error: FastifyError | HttpError, request, reply) => {
    // Not a failure: a post held for approval (premoderation) answers 202 with its report (Vanilla's shape).
    if (error instanceof PostHeld) return reply.code(202).type("application/json; charset=utf-8").send(error.answer);
    const body = errorBodyOf(error, request, options.debug);
    reply.code(body.status);
    if (!isApi(request) && options.renderHtmlError && body.status !== 405) {
      return options.renderHtmlError(request, reply, body.status);
    }
    return reply.type("application/json; charset=utf-8").send(body);
  });
}
