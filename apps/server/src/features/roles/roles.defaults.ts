import {
  keptRoleTypes,
  registrationRoleTypes,
  type RegistrationRoleType,
  type Role,
  type RoleDefaultsBody,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { conflict, fieldError, validationFailed } from "../../platform/errors.ts";
import { rolesPolicy } from "./roles.policy.ts";
import { present } from "./roles.present.ts";
import type { RolesRepo } from "./roles.repo.ts";

/** Why each kind of registration must give at least one role (the 400 for an empty list). */
const noRoleMessages: Record<RegistrationRoleType, string> = {
  member: "New members must get at least one role.",
  unconfirmed:
    "Members waiting to confirm their e-mail must get at least one role: confirming swaps it for the new members' roles.",
  applicant: "Applicants must get at least one role: the list of applicants finds them by it.",
};

/** Why some role must keep each of `keptRoleTypes` (the 409 when a change would leave none). */
const keptTypeReasons: Record<(typeof keptRoleTypes)[number], string> = {
  guest: "Guests get the permissions of the roles of type guest.",
  unconfirmed: noRoleMessages.unconfirmed,
  applicant: noRoleMessages.applicant,
  member: noRoleMessages.member,
  administrator: "Only site managers may hand out a role of type administrator; without one, nothing guards it.",
};

/**
 * `PUT /roles/defaults` (the dashboard's Registration page): the roles each kind of registration gives, which are
 * the roles of its type (`registrationRoleTypes`). In one transaction, for each kind given, the listed roles take
 * its type and the others that had it lose it. Refused, with nothing written: an empty list (400), a role listed
 * under two kinds (400: a role has one type), an unknown role (400), or a change that leaves no role of a type the
 * site depends on (`keptRoleTypes`, 409: e.g. the only administrator role given to new members). Stages:
 * authorize → check → transaction (lock the roles, check them, write, check what is left) → events.
 */
export function createDefaultRoles(repo: RolesRepo, platform: Platform) {
  return async function setDefaultRoles(viewer: Viewer, body: RoleDefaultsBody): Promise<Role[]> {
    requireAccess(viewer, rolesPolicy.canManage);
    const given = registrationRoleTypes.flatMap((type) => {
      const listed = body[type];
      return listed ? [{ type, roleIDs: [...new Set(listed)] }] : [];
    });
    if (given.length === 0)
      throw validationFailed([
        fieldError("member", "missingField", "Give the roles of at least one kind: member, unconfirmed or applicant."),
      ]);
    const problems = given.flatMap(({ type, roleIDs }) =>
      roleIDs.length === 0 ? [fieldError(type, "minItems", noRoleMessages[type])] : [],
    );
    const kindOf = new Map<number, RegistrationRoleType>();
    for (const { type, roleIDs } of given)
      for (const roleID of roleIDs) {
        const earlier = kindOf.get(roleID);
        if (earlier)
          problems.push(
            fieldError(type, "invalid", `Role ${roleID} is listed under ${earlier} too: a role has one type.`),
          );
        else kindOf.set(roleID, type);
      }
    if (problems.length) throw validationFailed(problems);
    await platform.db.transaction().execute(async (trx) => {
      const scoped = repo.withTransaction(trx);
      // With the roles locked: a role deleted meanwhile is not given, and two changes cannot each leave a type empty.
      await scoped.lockAll();
      const known = new Set((await scoped.list()).map((role) => role.roleID));
      const unknown = given.flatMap(({ type, roleIDs }) => {
        const missing = roleIDs.filter((id) => !known.has(id));
        return missing.length ? [fieldError(type, "invalid", `Unknown role: ${missing.join(", ")}.`)] : [];
      });
      if (unknown.length) throw validationFailed(unknown);
      const now = platform.clock.nowIso();
      for (const { type, roleIDs } of given) await scoped.setTypeOf(type, roleIDs, now);
      for (const type of keptRoleTypes) {
        if ((await scoped.countOfType(type)) === 0)
          throw conflict(`At least one role must keep the ${type} type.`, keptTypeReasons[type]);
      }
    });
    // Every process reads the guests' roles and the cached permission sets again.
    platform.permissions.invalidate();
    await platform.events.emit("permissions.changed", {});
    return (await repo.list()).map((row) => present(row));
  };
}

export type SetDefaultRoles = ReturnType<typeof createDefaultRoles>;
