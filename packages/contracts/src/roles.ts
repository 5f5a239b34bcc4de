import { Type, type Static } from "typebox";
import { Expand, ID_DIGITS, Nullable } from "./common.ts";
import { roleInvitationRules } from "./roles-constants.ts";

export * from "./roles-constants.ts";

/** A role's grants: `{type: "global", id: null}` or `{type: "category", id: <categoryID>}`. */
export const RolePermissionInput = Type.Object({
  type: Type.Union([Type.Literal("global"), Type.Literal("category")]),
  id: Type.Optional(Nullable(Type.Integer())),
  permissions: Type.Record(Type.String(), Type.Boolean()),
});
export type RolePermissionInput = Static<typeof RolePermissionInput>;

export const Role = Type.Object(
  {
    roleID: Type.Integer(),
    name: Type.String(),
    description: Nullable(Type.String()),
    type: Nullable(Type.String()),
    deletable: Type.Boolean(),
    canSession: Type.Boolean(),
    personalInfo: Type.Boolean(),
    invitationsPerMonth: Type.Integer({
      description: "Parley: invitations a member with this role may send each month (-1 unlimited, 0 none).",
    }),
    sort: Type.Integer(),
    permissions: Type.Optional(Type.Array(Type.Ref("PermissionFragment"))),
    countUsers: Type.Optional(
      Type.Integer({ description: "Members (deleted accounts aside) with the role: `expand=countUsers` (Parley's)." }),
    ),
  },
  { $id: "Role" },
);
export type Role = Static<typeof Role>;

/** `GET /roles/{id}/edit`: what the role's edit form shows (Vanilla's shape: no sort, no expansions). */
export const RoleEdit = Type.Pick(Role, [
  "roleID",
  "name",
  "description",
  "type",
  "deletable",
  "canSession",
  "personalInfo",
]);
export type RoleEdit = Static<typeof RoleEdit>;

export const RoleListQuery = Type.Object({
  expand: Type.Optional(Expand),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 500, description: "Accepted for Vanilla clients; roles are not paged." }),
  ),
});

export const RolePost = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  type: Type.Optional(
    Nullable(
      Type.Union([
        Type.Literal("guest"),
        Type.Literal("unconfirmed"),
        Type.Literal("applicant"),
        Type.Literal("member"),
        Type.Literal("moderator"),
        Type.Literal("administrator"),
      ]),
    ),
  ),
  canSession: Type.Optional(Type.Boolean()),
  personalInfo: Type.Optional(Type.Boolean()),
  invitationsPerMonth: Type.Optional(
    Type.Integer({ minimum: roleInvitationRules.unlimited, maximum: roleInvitationRules.max }),
  ),
  sort: Type.Optional(Type.Integer()),
  permissions: Type.Optional(Type.Array(RolePermissionInput)),
});
export type RolePost = Static<typeof RolePost>;

export const RolePatch = Type.Partial(RolePost);
export type RolePatch = Static<typeof RolePatch>;

/**
 * `PATCH /roles/{id}/permissions` (each name set true is granted, false taken away, others kept) and
 * `PUT /roles/{id}/permissions` (these fragments become all of the role's grants).
 */
export const RolePermissionsBody = Type.Array(RolePermissionInput, { maxItems: 1000 });
export type RolePermissionsBody = Static<typeof RolePermissionsBody>;

/** `DELETE /roles/{id}`: where the role's members go (Parley's): they are given this role in the same transaction. */
export const RoleDeleteQuery = Type.Object({
  replacementRoleID: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type RoleDeleteQuery = Static<typeof RoleDeleteQuery>;

export const RoleIdParams = Type.Object({
  id: Type.String({ pattern: `^(${ID_DIGITS}|\\$name:.+)$`, description: "A role id or `$name:<name>`." }),
});

export const sharedRoleSchemas = [Role];

/**
 * `PUT /roles/defaults` (Parley's): the roles each listed kind of registration gives, all set in one transaction.
 * For each kind given, the listed roles take its type and the others that had it lose it (type null); kinds left
 * out keep their roles.
 */
const defaultRoleIDs = (description: string) =>
  Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 200, description: `${description} At least one.` });
export const RoleDefaultsBody = Type.Object(
  {
    member: Type.Optional(defaultRoleIDs("The roles new members get.")),
    unconfirmed: Type.Optional(defaultRoleIDs("The roles of those waiting to confirm their e-mail.")),
    applicant: Type.Optional(defaultRoleIDs("The roles of applicants.")),
  },
  { minProperties: 1, additionalProperties: false },
);
export type RoleDefaultsBody = Static<typeof RoleDefaultsBody>;

/** `PUT /categories/{id}/permissions`: each listed role's grants in the category, all replaced at once. */
export const CategoryRoleGrants = Type.Object({
  roles: Type.Array(
    Type.Object({
      roleID: Type.Integer(),
      permissions: Type.Record(Type.String(), Type.Boolean(), {
        description: "Category permission names (categoryPermissionNames); those not true are not granted.",
      }),
    }),
    { minItems: 1, maxItems: 200 },
  ),
});
export type CategoryRoleGrants = Static<typeof CategoryRoleGrants>;

export const CategoryGrantsParams = Type.Object({
  id: Type.String({ pattern: `^${ID_DIGITS}$`, description: "A category id." }),
});
