import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { msg } from "./i18n.ts";

/** Invitations (issue 34): who may register while the registration method is `invitation`. */
export const invitationRules = {
  emailMaxLength: 200,
  /** How long an invitation's link works. */
  lifetimeMs: 14 * 24 * 3_600_000,
  /** Invitations one member may have waiting at once. */
  maxPendingPerInviter: 50,
} as const;

export const invitationMessages = {
  notFound: "Invitation not found.",
  emailTaken: msg("An account with this e-mail address exists already."),
  tooMany: msg("You have 50 invitations waiting. Revoke some before inviting more."),
  invalid: msg("This invitation is not valid: it has expired, was revoked or used, or is for another e-mail address."),
  required: msg("Registration is by invitation only. Use the link in the invitation you received."),
  noneAllowed: msg("Your roles allow you no invitations."),
  monthlyLimit: msg(
    "You have sent all the invitations your roles allow this month. You may invite more from the first of next month.",
  ),
} as const;

export const Invitation = Type.Object({
  invitationID: Type.Integer(),
  email: Type.String(),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  dateExpires: DateTime,
  status: Type.Union([Type.Literal("pending"), Type.Literal("accepted"), Type.Literal("expired")]),
  acceptedUserID: Nullable(Type.Integer()),
  dateAccepted: Nullable(DateTime),
});
export type Invitation = Static<typeof Invitation>;

export const InvitationPost = Type.Object({
  email: Type.String({ minLength: 3, maxLength: invitationRules.emailMaxLength }),
});
export type InvitationPost = Static<typeof InvitationPost>;

export const InvitationIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/**
 * `GET /invitations/remaining` (Parley's): how many invitations the viewer may still send this calendar month
 * (UTC). `invitationsPerMonth` is the highest of their roles' (-1 unlimited, and for administrators); `remaining`
 * is null when unlimited.
 */
export const InvitationAllowance = Type.Object({
  invitationsPerMonth: Type.Integer({ minimum: -1 }),
  sentThisMonth: Type.Integer({ minimum: 0 }),
  remaining: Nullable(Type.Integer({ minimum: 0 })),
});
export type InvitationAllowance = Static<typeof InvitationAllowance>;
