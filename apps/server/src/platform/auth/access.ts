import type { PermissionCheckOptions, PermissionNames } from "@parley/contracts";
import { assertAccountUsable, can, permissionProblem } from "./authorize.ts";
import type { Viewer } from "./viewer.ts";

/*
 * Every feature's authorization decisions live in its `X.policy.ts` as named rules (`discussionsPolicy.canEdit`).
 * A service asks one the same way everywhere: `requireAccess(viewer, policy.canEdit, row, …)` throws, or
 * `policy.canEdit(viewer, row, …)` answers yes or no. Permission names appear only in policy files.
 */

/** A named authorization decision: called, whether the viewer may; `needs`, the permission(s) a refusal names. */
export type Rule<Args extends unknown[] = []> = ((viewer: Viewer, ...args: Args) => boolean) & {
  readonly needs: (...args: Args) => PermissionNames;
};

/** A rule from the permission(s) its 403 names (or a function of its arguments giving them) and its decision. */
export function rule<Args extends unknown[]>(
  needs: PermissionNames | ((...args: Args) => PermissionNames),
  allows: (viewer: Viewer, ...args: Args) => boolean,
): Rule<Args> {
  return Object.assign((viewer: Viewer, ...args: Args) => allows(viewer, ...args), {
    needs: typeof needs === "function" ? needs : () => needs,
  });
}

/** A rule that is one check of global permission(s): any of `names` suffices. */
export const permissionRule = (names: PermissionNames, options?: PermissionCheckOptions): Rule =>
  rule(names, (viewer) => can(viewer, names, options));

/** A rule that is one check of category permission(s), given the category's id. */
export const categoryRule = (names: PermissionNames): Rule<[categoryID: number]> =>
  rule(names, (viewer, categoryID) => can(viewer, names, { resourceID: categoryID }));

/**
 * Throws unless the rule allows: 401 for banned and deleted accounts (who hold no permission), else the 403
 * `{message: "Permission Problem", description: "You need the X permission to do that."}` naming `rule.needs`.
 */
export function requireAccess<Args extends unknown[]>(viewer: Viewer, allowed: Rule<Args>, ...args: Args): void {
  if (allowed(viewer, ...args)) return;
  assertAccountUsable(viewer);
  throw permissionProblem(allowed.needs(...args));
}
