/*
 * The API permission names (spec §6, reference §2.2), apart from the schemas in permissions.ts so the browser
 * bundle can import them without TypeBox.
 */

/**
 * Every API permission name Parley knows (spec §6 and the naming rule of reference §2.2). API names are the internal
 * Vanilla names with the application prefix dropped and each segment camelCased (`Vanilla.Discussions.View` →
 * `discussions.view`), plus the fixed renames (`Garden.Settings.Manage` → `site.manage`, …).
 */
export const permissionNames = [
  // Session and system
  "session.valid",
  "system.only",
  "site.manage",
  "staff.allow",
  "noAds.use",
  "schedule.allow",
  // Users and profiles
  "profiles.view",
  "profile.editusernames",
  "users.add",
  "users.edit",
  "users.delete",
  "personalInfo.view",
  "applicants.manage",
  // Community
  "community.moderate",
  "community.manage",
  "curation.manage",
  "flag.add",
  // Posts of a role holding this wait for a moderator's approval (Vanilla's "Require Approval").
  "approval.require",
  "tags.add",
  "uploads.add",
  "badges.moderate",
  "groups.add",
  "groups.moderate",
  // Conversations
  "conversations.add",
  "conversations.moderate",
  // E-mail notifications
  "comments.email",
  "conversations.email",
  "discussions.email",
  // Comments (per category)
  "comments.add",
  "comments.edit",
  "comments.delete",
  // Discussions (per category, except closeOwn)
  "discussions.view",
  "discussions.add",
  "discussions.edit",
  "discussions.manage",
  "discussions.close",
  "discussions.closeOwn",
  "discussions.moderate",
  "discussions.delete",
  "discussions.announce",
  "discussions.sink",
  // Posts and events (per category)
  "posts.moderate",
  "events.view",
  "events.manage",
  // Reactions: `reactions.{class}.add`
  "reactions.view",
  "reactions.positive.add",
  "reactions.negative.add",
  "reactions.flag.add",
  // Knowledge bases (per knowledge base)
  "kb.view",
  "articles.add",
] as const;
export type PermissionName = (typeof permissionNames)[number];

const permissionNameSet: ReadonlySet<string> = new Set(permissionNames);

/** Narrows a string (e.g. one built as `reactions.${class}.add`) to a known permission name. */
export const isPermissionName = (name: string): name is PermissionName => permissionNameSet.has(name);

/**
 * The names that may be granted per category ("junction" names); their values in the global fragment are the defaults
 * for categories without custom permissions. Every other name (but the knowledge-base ones) is global only.
 */
export const categoryPermissionNames = [
  "comments.add",
  "comments.delete",
  "comments.edit",
  "discussions.add",
  "discussions.manage",
  "discussions.moderate",
  "discussions.view",
  "discussions.edit",
  "discussions.announce",
  "discussions.sink",
  "discussions.close",
  "discussions.delete",
  "events.view",
  "events.manage",
  "posts.moderate",
] as const satisfies readonly PermissionName[];
export type CategoryPermissionName = (typeof categoryPermissionNames)[number];

/** The names that may be granted per knowledge base. */
export const knowledgeBasePermissionNames = ["kb.view", "articles.add"] as const satisfies readonly PermissionName[];
export type KnowledgeBasePermissionName = (typeof knowledgeBasePermissionNames)[number];
