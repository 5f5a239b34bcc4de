/** The built-in roles' types (apart from the schemas in roles.ts, for the browser bundle). */
export const roleTypes = ["guest", "unconfirmed", "applicant", "member", "moderator", "administrator"] as const;
export type RoleType = (typeof roleTypes)[number];

/**
 * The kinds of registration and the role type whose roles each new account gets (Vanilla's default roles): a
 * new member the roles of type `member`, one waiting to confirm their e-mail `unconfirmed`, an applicant
 * (registration by approval) `applicant`. `PUT /roles/defaults` sets them.
 */
export const registrationRoleTypes = ["member", "unconfirmed", "applicant"] as const;
export type RegistrationRoleType = (typeof registrationRoleTypes)[number];

/**
 * Role types some role must always have: guests' permissions come from the guest roles; registrations give the
 * member, unconfirmed or applicant roles (confirming an address swaps unconfirmed for member, the applicants' list
 * finds applicants by theirs); only site managers hand out administrator roles. Only moderator may be left empty.
 */
export const keptRoleTypes = ["guest", "unconfirmed", "applicant", "member", "administrator"] as const;

/** A role's "invitations per month": -1 unlimited (the default), 0 none, up to `max`. */
export const roleInvitationRules = { unlimited: -1, max: 1000 } as const;
