import { errorMessages, fieldErrorStatus, notFoundMessage, type FieldError } from "@parley/contracts";

/**
 * An error with an HTTP status and a body in the /api/v2 shape. Throw these from services;
 * the one error handler turns them into `{message, status, description, errors, …}`.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly context: {
      description?: string | null;
      errors?: FieldError[];
      permissions?: string[];
      actionButton?: { label: string; url: string; target?: string };
    } = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const notFound = (thing: string, description?: string) =>
  new HttpError(404, notFoundMessage(thing), { description: description ?? null });

export const badRequest = (message: string, description?: string) =>
  new HttpError(400, message, { description: description ?? null });

export const conflict = (message: string, description?: string) =>
  new HttpError(409, message, { description: description ?? null });

export const validationFailed = (errors: FieldError[]) =>
  new HttpError(Math.max(400, ...errors.map(fieldErrorStatus)), errorMessages.validationFailed, { errors });

export const fieldError = (field: string, code: FieldError["code"], message: string, status = 400): FieldError => ({
  field,
  code,
  message,
  status,
});
