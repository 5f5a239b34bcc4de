import type { Group } from "@parley/contracts";

/**
 * The one thing a viewer can do about belonging to a group, from its `viewer` status and `permissions`:
 * - `signIn`: a guest (sign in to join or apply);
 * - `leave`: a member (a leader too);
 * - `invited`: an invitation waits (accept or decline);
 * - `pending`: the viewer's application waits for a leader;
 * - `join`: joins at once (a public group);
 * - `apply`: asks to join with a reason (a private group);
 * - `none`: nothing to offer (a denied application, a secret group without an invitation, no permission).
 */
export type GroupViewerAction = "signIn" | "leave" | "invited" | "pending" | "join" | "apply" | "none";

type GroupStanding = Pick<Group, "viewer" | "permissions" | "privacy">;

const allowed = (group: Pick<Group, "permissions">, action: string) => group.permissions?.[action] === true;

export function viewerAction(group: GroupStanding, signedIn: boolean): GroupViewerAction {
  if (!signedIn) return group.privacy === "secret" ? "none" : "signIn";
  const { viewer } = group;
  if (viewer.role !== null) return allowed(group, "leave") ? "leave" : "none";
  if (viewer.invited) return "invited";
  if (viewer.application === "pending") return "pending";
  if (allowed(group, "join")) return "join";
  if (allowed(group, "apply")) return "apply";
  return "none";
}

/**
 * Whether the viewer reads the group's discussions (and its member list): the record's `view` (its
 * category's `discussions.view`); without it, a public group, a member, or who may edit it.
 */
export const canReadDiscussions = (group: GroupStanding) =>
  group.permissions?.["view"] ?? (group.privacy === "public" || group.viewer.role !== null || allowed(group, "edit"));

/** Edits the group's name, description, privacy and images (leaders, `groups.moderate`). */
export const canEditGroup = (group: GroupStanding) => allowed(group, "edit");

/** Deletes the group and its discussions. */
export const canDeleteGroup = (group: GroupStanding) => allowed(group, "delete");

/** Changes roles, removes members, reviews applicants (leaders, `groups.moderate`). */
export const canManageMembers = (group: GroupStanding) => allowed(group, "manageMembers");

/** Who may create groups: `groups.add` (or an administrator). */
export const canAddGroups = (me: { userID: number; isAdmin: boolean; permissions: readonly string[] }) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("groups.add"));

/** The first letter of a group's name, its icon when it has none. */
export const groupInitial = (name: string) => name.trim().charAt(0).toUpperCase() || "?";

/** A description cut to `max` characters at a word boundary, with an ellipsis. */
export function excerpt(text: string, max = 160): string {
  const plain = text.replace(/\s+/g, " ").trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}
