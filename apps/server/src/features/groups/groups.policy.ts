import { permissionRule, rule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";
import { isSignedIn, type Viewer } from "../../platform/auth/viewer.ts";
import type { GroupRow, ViewerStanding } from "./groups.repo.ts";

type Group = Pick<GroupRow, "privacy" | "categoryID">;

export const noStanding: ViewerStanding = { role: null, dateJoined: null, application: null, invited: false };

/** Usable signed-in accounts only (banned and deleted ones hold nothing). */
const usable = (viewer: Viewer) => isSignedIn(viewer) && can(viewer, "session.valid");

const isModerator = (viewer: Viewer) => can(viewer, "groups.moderate", { mode: "global" });

/**
 * Who may do what with a group (Vanilla's Groups add-on). Reading and posting in a group are its category's
 * `discussions.view` / `discussions.add`, which the groups' permission overlay computes from privacy and
 * membership (groups.permissions.ts), so these answers agree with every other read path.
 */
export const groupsPolicy = {
  isModerator,
  /** List another member's groups: group and community moderators. */
  canListGroupsOf: rule(
    ["groups.moderate", "community.moderate"],
    (viewer: Viewer) => isModerator(viewer) || can(viewer, ["groups.moderate", "community.moderate"]),
  ),

  /** Whether the viewer may know the group exists: secret groups only to members, invitees and moderators. */
  canKnow: (viewer: Viewer, group: Group, standing: ViewerStanding) =>
    group.privacy !== "secret" || standing.role !== null || standing.invited || isModerator(viewer),

  canView: (viewer: Viewer, group: Group) => can(viewer, "discussions.view", { resourceID: group.categoryID }),
  canPost: (viewer: Viewer, group: Group) => can(viewer, "discussions.add", { resourceID: group.categoryID }),

  /** Leaders and groups.moderate: edit, delete, manage members, applicants and invitations. */
  canLead: rule(
    "groups.moderate",
    (viewer: Viewer, standing: ViewerStanding) => usable(viewer) && (standing.role === "leader" || isModerator(viewer)),
  ),
  /** Invite by e-mail address: the answer names the account an address belongs to. */
  canInviteByEmail: permissionRule("personalInfo.view"),

  canJoin: (viewer: Viewer, group: Group, standing: ViewerStanding) =>
    usable(viewer) && standing.role === null && (group.privacy === "public" || standing.invited),

  canApply: (viewer: Viewer, group: Group, standing: ViewerStanding) =>
    usable(viewer) &&
    standing.role === null &&
    group.privacy === "private" &&
    !standing.invited &&
    standing.application !== "pending",

  canLeave: (viewer: Viewer, standing: ViewerStanding) => usable(viewer) && standing.role !== null,

  canAdd: rule("groups.add", (viewer: Viewer) => usable(viewer) && can(viewer, "groups.add", { mode: "global" })),

  /** The record's `permissions`, so the web shows the right buttons. */
  recordPermissions(viewer: Viewer, group: Group, standing: ViewerStanding): Record<string, boolean> {
    const lead = groupsPolicy.canLead(viewer, standing);
    return {
      view: groupsPolicy.canView(viewer, group),
      post: groupsPolicy.canPost(viewer, group),
      join: groupsPolicy.canJoin(viewer, group, standing),
      apply: groupsPolicy.canApply(viewer, group, standing),
      leave: groupsPolicy.canLeave(viewer, standing),
      edit: lead,
      delete: lead,
      manageMembers: lead,
      invite: lead,
    };
  },
};
