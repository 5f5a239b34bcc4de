import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { userRules } from "./user-rules.ts";

/*
 * Changing one's e-mail address (Parley's): the new address takes effect only once its owner follows the
 * single-use link sent to it; the old address is told, with no link.
 */

/** How long a change's link works, and how many links (new or resent) one member may have sent an hour. */
export const emailChangeRules = {
  linkLifetimeHours: 24,
  sendsPerHour: 5,
} as const;

export const emailChangeMessages = {
  onlySelf: "Only the member themself can change their e-mail address.",
  sameAddress: "This is already your email address.",
  badLink: "That link is invalid or has expired.",
  nonePending: "There is no change of email address waiting.",
  /** The new address was taken by another account between the request and the confirmation. */
  takenSince: "The email you entered is in use by another member.",
} as const;

/** `POST /users/{id}/email-change`: the new address, and the current password. */
export const EmailChangeBody = Type.Object({
  email: Type.String({ maxLength: userRules.emailMaxLength }),
  passwordConfirmation: Type.String({ maxLength: userRules.passwordMaxLength }),
});
export type EmailChangeBody = Static<typeof EmailChangeBody>;

/** The change waiting for its confirmation: the new address, when its link was (last) sent, when it stops working. */
export const PendingEmailChange = Type.Object({
  email: Type.String(),
  dateInserted: DateTime,
  dateExpires: DateTime,
});
export type PendingEmailChange = Static<typeof PendingEmailChange>;

/** `GET /users/{id}/email-change`: the change waiting, or null. */
export const EmailChangeState = Type.Object({ pending: Nullable(PendingEmailChange) });
export type EmailChangeState = Static<typeof EmailChangeState>;

/** `POST /users/email-change/confirm`: the code of the link sent to the new address. */
export const EmailChangeConfirmBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type EmailChangeConfirmBody = Static<typeof EmailChangeConfirmBody>;

export const EmailChangeConfirmed = Type.Object({ userID: Type.Integer(), email: Type.String() });
export type EmailChangeConfirmed = Static<typeof EmailChangeConfirmed>;
