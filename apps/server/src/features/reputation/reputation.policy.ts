import { permissionRule } from "../../platform/auth/access.ts";

/** Who may see leaderboards, badges and ranks, and manage ranks (spec §6: they are parts of members' profiles). */
export const reputationPolicy = {
  /** Read leaderboards, badges and who earned them. */
  canViewLeaders: permissionRule(["profiles.view", "users.add", "users.edit", "users.delete"]),
  /** See the members who keep their profile private on leaderboards and badge pages. */
  canSeePrivateMembers: permissionRule("personalInfo.view"),
  /** Add, change and delete ranks (the ranks add-on). */
  canManageRanks: permissionRule("site.manage"),
  /** Set a member's rank by hand (`PUT /users/{id}/rank`): the user editors. */
  canSetUserRank: permissionRule("users.edit"),
};
