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

/** User-visible messages that both sides show (spec §8). */
export const errorMessages = {
  validationFailed: "Validation Failed",
  serverNoMessage: "Something went wrong while contacting the server.",
  unknown: "Something went wrong.",
  genericToast: "Something has gone wrong.",
  permissionProblem: "Permission Problem",
  internal: "Internal Server Error",
} as const;

/** `<Thing> not found.` as Vanilla words it. */
export const notFoundMessage = (thing: string) => `${thing} not found.`;
