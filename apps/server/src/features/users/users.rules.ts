import { errorMessages, userMessages, type FieldError } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { conflict, fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import type { UsersDeps } from "./users.operation.ts";
import { usersPolicy } from "./users.policy.ts";
import type { UserRow } from "./users.repo.ts";
import { checkEmail, checkName, checkPassword } from "./users.validation.ts";

/*
 * The rules the account writes share: a free name and e-mail, roles one may hand out, who may be banned,
 * and the unconfirmed member's promotion once their address is confirmed.
 */

type Deps = Pick<UsersDeps, "repo" | "platform">;

/** Name and e-mail rules plus uniqueness, as one list of field errors. */
export async function checkIdentity(
  { repo }: Pick<UsersDeps, "repo">,
  input: { name?: string; email?: string; password?: string; discoveryMissing?: boolean },
  exceptUserID?: number,
) {
  const errors: FieldError[] = [];
  if (input.name !== undefined) {
    const invalid = checkName(input.name);
    if (invalid) errors.push(invalid);
    else {
      const taken = await repo.findByName(input.name);
      if (taken && taken.userID !== exceptUserID) errors.push(fieldError("name", "nameTaken", userMessages.nameTaken));
    }
  }
  if (input.email !== undefined) {
    const invalid = checkEmail(input.email);
    if (invalid) errors.push(invalid);
    else {
      const taken = (await repo.findAllByEmail(input.email)).filter((row) => row.userID !== exceptUserID);
      if (taken.length) errors.push(fieldError("email", "emailTaken", userMessages.emailTaken));
    }
  }
  if (input.password !== undefined) {
    const invalid = checkPassword(input.password);
    if (invalid) errors.push(invalid);
  }
  if (input.discoveryMissing)
    errors.push(fieldError("discoveryText", "missingField", userMessages.discoveryTextRequired));
  if (errors.length) throw validationFailed(errors);
}

export async function roleIDsOfType({ repo }: Pick<UsersDeps, "repo">, type: string): Promise<number[]> {
  return (await repo.rolesOfType(type)).map((role) => role.roleID);
}

/** Roles must exist; only site managers hand out the Administrator role. */
export async function assertAssignable(
  { repo }: Pick<UsersDeps, "repo">,
  roleIDs: number[],
  viewer: Viewer,
): Promise<void> {
  const roles = await repo.rolesByIDs(roleIDs);
  const missing = roleIDs.filter((id) => !roles.some((role) => role.roleID === id));
  if (missing.length) throw validationFailed([fieldError("roleID", "invalid", `Unknown role: ${missing.join(", ")}.`)]);
  if (roles.some((role) => role.type === "administrator")) requireAccess(viewer, usersPolicy.isSiteManager);
}

export function assertBannable(row: UserRow, viewer: Viewer): void {
  if (row.userID === viewer.userID) throw new HttpError(400, "You cannot ban yourself.");
  if (row.isAdmin >= 1) throw new HttpError(403, "Administrators cannot be banned.");
}

/** Unconfirmed members become Members once their e-mail is confirmed. */
export async function promoteUnconfirmed(deps: Deps, userID: number): Promise<void> {
  const { repo, platform } = deps;
  const roles = (await repo.rolesOf([userID])).get(userID) ?? [];
  if (!roles.some((role) => role.type === "unconfirmed")) return;
  const member = await roleIDsOfType(deps, "member");
  await repo.setRoles(userID, [
    ...roles.filter((role) => role.type !== "unconfirmed").map((role) => role.roleID),
    ...member,
  ]);
  await platform.events.emit("user.access.changed", { userID });
}

/** "5, 9": the ids a refusal names. */
const listed = (userIDs: readonly number[]) => userIDs.join(", ");

/**
 * A refusal of some of the members a write names (a bulk action): the message names their ids, and so does a
 * `userIDs` field error, so a client can show which.
 */
export function refuseUsers(status: number, message: (ids: string) => string, userIDs: readonly number[]): HttpError {
  const text = message(listed(userIDs));
  return new HttpError(status, text, { errors: [fieldError("userIDs", "invalid", text, status)] });
}

/**
 * Site managers (site.manage, or the admin flag) are changed only by site managers: a 403 naming those among
 * `rows` when the viewer is not one.
 */
export async function assertMayChangeManagers(
  { repo }: Pick<UsersDeps, "repo">,
  viewer: Viewer,
  rows: readonly Pick<UserRow, "userID">[],
): Promise<void> {
  if (usersPolicy.isSiteManager(viewer)) return;
  const managers = await repo.siteManagerIDs(
    usersPolicy.siteManagerGrant,
    rows.map((row) => row.userID),
  );
  if (managers.length === 0) return;
  const text = `Only site managers may change site managers: ${listed(managers)}.`;
  throw new HttpError(403, errorMessages.permissionProblem, {
    description: text,
    permissions: [usersPolicy.siteManagerGrant],
    errors: [fieldError("userIDs", "invalid", text, 403)],
  });
}

/**
 * Inside a write's transaction, after it: refuses (409, so nothing of it stays) a change that leaves the site
 * with no one who can manage it, when someone could before (`before`: the site managers then).
 */
export async function keepSiteManager(scoped: Pick<UsersDeps["repo"], "siteManagerIDs">, before: readonly number[]) {
  if (before.length === 0) return;
  if ((await scoped.siteManagerIDs(usersPolicy.siteManagerGrant)).length > 0) return;
  throw conflict(
    "At least one member must keep the site.manage permission.",
    "Give another member a role with site.manage first: without one, nobody could manage the site any more.",
  );
}
