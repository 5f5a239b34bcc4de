import type { ProfileField } from "@parley/contracts";
import { permissionRule, rule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";

const isSelf = (viewer: Viewer, userID: number) => viewer.userID !== 0 && viewer.userID === userID;

type FieldAccess = Pick<ProfileField, "visibility" | "mutability">;

/** Who may manage profile fields, and see and set whose values. */
export const profileFieldsPolicy = {
  /** Definitions: administrators (Vanilla's Garden.Settings.Manage). */
  canManage: permissionRule("site.manage"),
  /** The definitions and members' values are read by those who may read profiles. */
  canView: permissionRule(["profiles.view", "users.add", "users.edit", "users.delete"]),
  /** A private profile's values: the member and personalInfo.view holders (as the user record). */
  canSeePrivateProfile: (viewer: Viewer, userID: number) => isSelf(viewer, userID) || can(viewer, "personalInfo.view"),
  /** public: everyone who reads profiles; internal: signed-in members; private: the member and personalInfo.view. */
  canSee: (viewer: Viewer, field: FieldAccess, userID: number) =>
    field.visibility === "public" ||
    (field.visibility === "internal" && viewer.userID !== 0) ||
    isSelf(viewer, userID) ||
    can(viewer, "personalInfo.view"),
  /** Setting values at all: the member themself or users.edit. */
  canEditValues: rule(
    "users.edit",
    (viewer: Viewer, userID: number) => isSelf(viewer, userID) || can(viewer, "users.edit"),
  ),
  /** One field: all → the member and users.edit; restricted → users.edit; none → no one. */
  canEditField: (viewer: Viewer, field: FieldAccess, userID: number) =>
    field.mutability === "all"
      ? isSelf(viewer, userID) || can(viewer, "users.edit")
      : field.mutability === "restricted" && can(viewer, "users.edit"),
};
