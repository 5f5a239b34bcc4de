import {
  checkPermission,
  describeMissingPermission,
  errorMessages,
  type PermissionCheckOptions,
  type PermissionNames,
} from "@parley/contracts";
import { HttpError } from "../errors.ts";
import type { UserRow } from "./auth.repo.ts";
import type { Viewer } from "./viewer.ts";

/** 401 for banned and deleted accounts (reference §1.2). */
export function assertUserUsable(user: Pick<UserRow, "banned" | "deleted"> | null): void {
  if (!user) return;
  if (user.deleted === 1) throw new HttpError(401, "Your account has been deleted.");
  if (user.banned === 1) throw new HttpError(401, "You are banned.");
}

/** Checked by every permission check. */
export const assertAccountUsable = (viewer: Viewer): void => assertUserUsable(viewer.user);

/** Whether the viewer holds ANY of the permissions (banned and deleted accounts hold none). */
export function can(viewer: Viewer, names: PermissionNames, options?: PermissionCheckOptions): boolean {
  if (viewer.user && (viewer.user.banned === 1 || viewer.user.deleted === 1)) return false;
  return checkPermission(viewer.permissions, names, options);
}

/**
 * Throws unless the viewer holds ANY of the permissions: 401 for banned/deleted accounts, else 403
 * `{message: "Permission Problem", description: "You need the X permission to do that."}`.
 */
export function authorize(viewer: Viewer, names: PermissionNames, options?: PermissionCheckOptions): void {
  assertAccountUsable(viewer);
  if (checkPermission(viewer.permissions, names, options)) return;
  throw permissionProblem(names);
}

/** The 403 `{message: "Permission Problem", description: "You need the X permission to do that."}`. */
export function permissionProblem(names: PermissionNames): HttpError {
  const list = typeof names === "string" ? [names] : [...names];
  return new HttpError(403, errorMessages.permissionProblem, {
    description: describeMissingPermission(names),
    permissions: list,
  });
}

/** Throws 403 unless signed in (guests hold no `session.valid`). */
export function requireSignedIn(viewer: Viewer): void {
  authorize(viewer, "session.valid");
}
