import { Type, type Static } from "typebox";
import { Nullable } from "./common.ts";

/**
 * One failed field of a validation error (reference §1.4). `code` is one of the garden-schema codes.
 */
export const FieldError = Type.Object({
  field: Type.String(),
  path: Type.Optional(Type.String()),
  code: Type.String(),
  message: Type.String(),
  status: Type.Integer(),
});
export type FieldError = Static<typeof FieldError>;

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

export { errorMessages, notFoundMessage } from "./messages.ts";
