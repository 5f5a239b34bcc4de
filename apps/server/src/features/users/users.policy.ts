import { permissionRule, rule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { UserRow } from "./users.repo.ts";

const isSelf = (viewer: Viewer, row: Pick<UserRow, "userID">) => viewer.userID !== 0 && viewer.userID === row.userID;

/** Who may see and do what with user records (spec §6). */
export const usersPolicy = {
  isSelf,
  canSeeEmail: (viewer: Viewer, row: Pick<UserRow, "userID">) =>
    usersPolicy.isSelf(viewer, row) || can(viewer, "personalInfo.view"),
  /** When a member hiding their online status (`hidden`) was last active: themself and personalInfo.view only. */
  canSeeLastActive: (viewer: Viewer, row: Pick<UserRow, "userID" | "hidden">) =>
    row.hidden !== 1 || usersPolicy.isSelf(viewer, row) || can(viewer, "personalInfo.view"),
  /** Private profiles (and banned ones) show only a restricted card to others. */
  canSeeFullProfile: (viewer: Viewer, row: Pick<UserRow, "userID" | "private">) =>
    row.private !== 1 || usersPolicy.isSelf(viewer, row) || can(viewer, "personalInfo.view"),
  /** Read profiles and look members up (by id, name or list). */
  canViewProfiles: permissionRule(["profiles.view", "users.add", "users.edit", "users.delete"]),
  /** See personal information: look members up by e-mail. */
  canSeePersonalInfo: permissionRule("personalInfo.view"),
  canCreate: permissionRule("users.add"),
  /** Invite an e-mail address to register (registration method invitation), list and revoke invitations. */
  canInvite: permissionRule("users.add"),
  canEditOthers: permissionRule("users.edit"),
  /** Change a user name: user managers, and holders of profile.editusernames for their own. */
  canRename: rule(
    "profile.editusernames",
    (viewer: Viewer) => can(viewer, "users.edit") || can(viewer, "profile.editusernames"),
  ),
  canDelete: permissionRule("users.delete"),
  /** Delete an administrator, hand out the Administrator role; the flag `isSiteManager` of a profile. */
  isSiteManager: permissionRule("site.manage"),
  canReadPermissionsOf: rule(
    ["users.add", "users.edit", "users.delete"],
    (viewer: Viewer, row: Pick<UserRow, "userID">) =>
      isSelf(viewer, row) || can(viewer, ["users.add", "users.edit", "users.delete"]),
  ),
  canBan: permissionRule(["community.moderate", "users.edit"]),
  /** List and sign out a member's sessions: their own, or anyone's for those who edit members. */
  canManageSessionsOf: rule(
    "users.edit",
    (viewer: Viewer, row: Pick<UserRow, "userID">) => isSelf(viewer, row) || can(viewer, "users.edit"),
  ),
  /** The grant that makes a site manager: some member keeps it, and only site managers change those who hold it. */
  siteManagerGrant: "site.manage",
  /**
   * Who posts without the limits for new members: moderators and site managers (administrators hold every
   * permission), and members marked bypassSpam.
   */
  skipsNewMemberLimits: rule(
    ["community.moderate", "site.manage"],
    (viewer: Viewer) => viewer.user?.bypassSpam === 1 || can(viewer, ["community.moderate", "site.manage"]),
  ),
  /** Whom a rank's abilities (no links, its own edit window) do not hold: moderators and site managers. */
  skipsRankAbilities: permissionRule(["community.moderate", "site.manage"]),
  /** Turn off a member's two-factor sign-in (they lost their phone and recovery codes): user managers. */
  canResetTwoFactor: permissionRule("users.edit"),
  /** Whom `security.requireAdminTwoFactor` holds to two-factor sign-in: site managers. */
  isAdministrator: (viewer: Viewer) => can(viewer, "site.manage"),
  /** Review, approve and decline applicants (registration by approval). */
  canManageApplicants: permissionRule("applicants.manage"),
};
