import type { PermissionName } from "@parley/contracts";
import { permissionRule, rule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { ReactionTypeRow } from "./reactions.repo.ts";

type ReactionType = Pick<ReactionTypeRow, "class" | "urlcode">;

/** The permission to add a reaction of a class (spec §6); Promote is curation. */
function permissionToAdd(type: ReactionType): PermissionName {
  if (type.urlcode === "promote") return "curation.manage";
  const klass = type.class.toLowerCase();
  return klass === "flag"
    ? "reactions.flag.add"
    : klass === "negative"
      ? "reactions.negative.add"
      : "reactions.positive.add";
}

/** Who may react, and see and remove reactions. */
export const reactionsPolicy = {
  /** Add a reaction of this type: global permissions (never granted per category). */
  canAdd: rule(permissionToAdd, (viewer: Viewer, type: ReactionType) => can(viewer, permissionToAdd(type))),
  /** Remove another member's reaction. */
  canRemoveOthers: permissionRule("community.moderate"),
  /** Edit the reaction types, turn them on and off (the dashboard's Reactions page). */
  canManageTypes: permissionRule("community.manage"),
  /** Read who reacted how. */
  canViewLog: permissionRule("reactions.view"),
};
