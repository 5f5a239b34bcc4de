import { permissionRule, rule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { MediaRow } from "./media.repo.ts";

/** Who may do what with uploaded media. */
export const mediaPolicy = {
  canUpload: permissionRule("uploads.add"),
  /** Signed in, before a media record is looked up for a change. */
  isSignedIn: permissionRule("session.valid"),
  /** Change or delete an upload: its uploader, or a moderator. */
  canManage: rule(
    "community.moderate",
    (viewer: Viewer, row: Pick<MediaRow, "insertUserID">) =>
      (viewer.userID !== 0 && row.insertUserID === viewer.userID) || can(viewer, "community.moderate"),
  ),
};
