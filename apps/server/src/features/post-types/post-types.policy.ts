import type { PostField } from "@parley/contracts";
import { permissionRule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";

const isModerator = (viewer: Viewer) => can(viewer, "community.moderate");

/** Who may manage post types and fields, post a type, and see and set a post's field values. */
export const postTypesPolicy = {
  /** Post types and fields: administrators (Vanilla's Garden.Settings.Manage). */
  canManage: permissionRule("site.manage"),
  /** Inactive and deleted types and fields are shown to those who manage them. */
  seesInactive: (viewer: Viewer) => can(viewer, "site.manage"),
  /** A post type limited to some roles: a member of one of them (every role when none). */
  canPost: (viewer: Viewer, roleIDs: readonly number[]) =>
    roleIDs.length === 0 || viewer.roleIDs.some((roleID) => roleIDs.includes(roleID)),
  /** public: whoever reads the post; private: its author and moderators; internal: moderators. */
  canSee: (viewer: Viewer, field: Pick<PostField, "visibility">, authorID: number) =>
    field.visibility === "public" ||
    isModerator(viewer) ||
    (field.visibility === "private" && viewer.userID !== 0 && viewer.userID === authorID),
  /** An internal field is filled in by moderators; the others by the post's author (and moderators). */
  canSet: (viewer: Viewer, field: Pick<PostField, "visibility">) =>
    field.visibility !== "internal" || isModerator(viewer),
};
