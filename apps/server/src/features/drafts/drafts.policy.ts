import { categoryRule, permissionRule } from "../../platform/auth/access.ts";

/** Who may schedule drafts, and what publishing one needs (its owner's rights when it is published). */
export const draftsPolicy = {
  canSchedule: permissionRule("schedule.allow"),
  /** A comment draft names its discussion only to those who may still read it. */
  canSeeDiscussionIn: categoryRule("discussions.view"),
  canStartDiscussionIn: categoryRule("discussions.add"),
  canCommentIn: categoryRule("comments.add"),
};
