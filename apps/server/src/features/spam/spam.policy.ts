import { categoryRule, permissionRule } from "../../platform/auth/access.ts";

/** Who may see and change the watched words. */
export const spamPolicy = {
  /** The list: moderators (who meet its reports) and site managers. */
  canViewWords: permissionRule(["community.moderate", "site.manage"]),
  /** Adding and removing words: site managers only (a word can refuse every member's posts). */
  canManageWords: permissionRule("site.manage"),
  /** Whose posts the spam check leaves alone: moderators (Vanilla's moderation roles bypass it too). */
  skipsSpamCheck: permissionRule("community.moderate"),
  /** Whose posts are held for approval: a role with Vanilla's "Require Approval". */
  requiresApproval: permissionRule("approval.require"),
  /** Whose posts are never held: moderators of the community, and of the category the post goes to. */
  skipsPremoderation: permissionRule("community.moderate"),
  moderatesPostsIn: categoryRule("posts.moderate"),
};
