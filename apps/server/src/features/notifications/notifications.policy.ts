import { rule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { discussionsPolicy } from "../discussions/index.ts";

/**
 * Who may be told about what. A notification, an e-mail or a live event about a post goes only to a
 * member who may view it now: the same `discussions.view` check (per category) the read routes make,
 * which also refuses banned and deleted accounts.
 */
export const notificationsPolicy = {
  canViewPost: (recipient: Viewer, post: { categoryID: number }) =>
    recipient.user !== null && discussionsPolicy.canView(recipient, post),
  /** Members read and change their own notifications and preferences; user managers may read others' preferences. */
  canManagePreferencesOf: rule(
    "users.edit",
    (viewer: Viewer, userID: number) => viewer.userID !== 0 && (viewer.userID === userID || can(viewer, "users.edit")),
  ),
};
