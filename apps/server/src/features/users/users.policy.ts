import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { UserRow } from "./users.repo.ts";

/** Who may see and do what with user records (spec §6). */
export const usersPolicy = {
  isSelf: (viewer: Viewer, row: Pick<UserRow, "userID">) => viewer.userID !== 0 && viewer.userID === row.userID,
  canSeeEmail: (viewer: Viewer, row: Pick<UserRow, "userID">) =>
    usersPolicy.isSelf(viewer, row) || can(viewer, "personalInfo.view"),
  /** Private profiles (and banned ones) show only a restricted card to others. */
  canSeeFullProfile: (viewer: Viewer, row: Pick<UserRow, "userID" | "private">) =>
    row.private !== 1 || usersPolicy.isSelf(viewer, row) || can(viewer, "personalInfo.view"),
  canEditOthers: (viewer: Viewer) => can(viewer, "users.edit"),
  canReadPermissionsOf: (viewer: Viewer, row: Pick<UserRow, "userID">) =>
    usersPolicy.isSelf(viewer, row) || can(viewer, ["users.add", "users.edit", "users.delete"]),
  canBan: (viewer: Viewer) => can(viewer, ["community.moderate", "users.edit"]),
};
