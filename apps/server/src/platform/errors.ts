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

/** 410: the record was there and was deleted (its tombstone says so). */
export const gone = (message: string) => new HttpError(410, message, { description: null });

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

/**
 * A unique index that refused a write (PostgreSQL's 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE or _PRIMARYKEY):
 * a service checks names and addresses before it writes, so this is two requests racing for the same one,
 * and the loser is told so (409) instead of a 500. The transaction has already rolled back. The error handler
 * answers any such failure with a generic 409; a service that knows what was taken says so with
 * {@link conflictIfTaken}.
 */
export const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
};

/** The write's result, or a 409 with `message` when a unique index refused it (a request racing for the same value). */
export async function conflictIfTaken<T>(write: Promise<T>, message: string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message);
    throw error;
  }
}
