import { Type, type Static } from "typebox";
import { Nullable } from "./common.ts";

/**
 * A field error's `status` carrying context (reference §10: scheduling an update of a record that
 * already has one answers `{error: 400, recordID, draftID, isOwnSchedule}`).
 */
export const FieldErrorStatus = Type.Object(
  {
    error: Type.Integer(),
    recordID: Type.Optional(Type.Integer()),
    draftID: Type.Optional(Type.Integer()),
    isOwnSchedule: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/**
 * One failed field of a validation error (reference §1.4). `code` is one of the garden-schema codes.
 */
export const FieldError = Type.Object({
  field: Type.String(),
  path: Type.Optional(Type.String()),
  code: Type.String(),
  message: Type.String(),
  status: Type.Union([Type.Integer(), FieldErrorStatus]),
});
export type FieldError = Static<typeof FieldError>;

/** The HTTP status a field error stands for. */
export const fieldErrorStatus = (error: FieldError): number =>
  typeof error.status === "number" ? error.status : error.status.error;

/** The JSON body of every failed /api/v2 call. */
export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    status: Type.Integer(),
    description: Nullable(Type.String()),
    errors: Type.Optional(Type.Array(FieldError)),
    actionButton: Type.Optional(
      Type.Object({ label: Type.String(), url: Type.String(), target: Type.Optional(Type.String()) }),
    ),
    permissions: Type.Optional(Type.Array(Type.String())),
    trace: Type.Optional(Type.String()),
  },
  { $id: "ErrorBody" },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** Stable validation codes (garden-schema's names). */
export const validationCodes = [
  "missingField",
  "invalid",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
  "multipleOf",
  "unexpectedField",
] as const;
export type ValidationCode = (typeof validationCodes)[number];

export { discussionGoneMessage, errorMessages, notFoundMessage } from "./messages.ts";
