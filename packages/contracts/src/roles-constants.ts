/** The built-in roles' types (apart from the schemas in roles.ts, for the browser bundle). */
export const roleTypes = ["guest", "unconfirmed", "applicant", "member", "moderator", "administrator"] as const;
export type RoleType = (typeof roleTypes)[number];
