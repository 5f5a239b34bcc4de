import type { DB } from "../platform/db/schema.ts";

/*
 * Who may write each table (issue 27, "one owner per table"): the feature folder under `features/` whose
 * repository creates the table's rows, or `platform` for what knows no feature. Another feature that needs a
 * row changed calls the owner's operation through its `index.ts` (passing the transaction when the write is
 * part of one), or the owner reacts to its event. suites/table-ownership.test.ts holds the source to this.
 */
const tableOwners = {
  // platform: sessions and configuration, background jobs, the history of edits
  sessions: "platform",
  accessTokens: "platform",
  config: "platform",
  longRunnerJobs: "platform",
  changeLog: "platform",
  // features
  categories: "categories",
  userCategories: "categories",
  discussions: "discussions",
  userDiscussions: "discussions",
  deletedDiscussions: "discussions",
  answers: "discussions",
  ideaVotes: "discussions",
  comments: "comments",
  users: "users",
  userRoles: "users",
  emailTokens: "users",
  invitations: "users",
  roles: "roles",
  rolePermissions: "roles",
  tags: "tags",
  tagDiscussions: "tags",
  reactionTypes: "reactions",
  reactions: "reactions",
  media: "media",
  notifications: "notifications",
  notificationPreferences: "notifications",
  liveEvents: "notifications",
  conversations: "conversations",
  conversationMessages: "conversations",
  userConversations: "conversations",
  drafts: "drafts",
  linkPreviews: "previews",
  authenticators: "authenticators",
  userAuthentications: "authenticators",
  authenticatorStates: "authenticators",
  authenticatorConnections: "authenticators",
  authenticatorJwtUses: "authenticators",
  searchDocuments: "search",
  searchQueue: "search",
  auditLogs: "moderation",
  reports: "reports",
  reportReasons: "reports",
  collections: "collections",
  collectionRecords: "collections",
  translationResources: "translations",
  translations: "translations",
  themes: "themes",
  themeRevisions: "themes",
  knowledgeBases: "knowledge",
  knowledgeCategories: "knowledge",
  articles: "knowledge",
  articleRevisions: "knowledge",
  articleReactions: "knowledge",
  groups: "groups",
  groupMembers: "groups",
  groupApplicants: "groups",
  groupInvitations: "groups",
  ignoredUsers: "ignore",
  bans: "bans",
  profileFields: "profile-fields",
  userProfileFields: "profile-fields",
  userExports: "privacy",
  watchedWords: "spam",
  spamVerdicts: "spam",
  warnings: "warnings",
  userNotes: "warnings",
  moderationMessages: "warnings",
  // the search engines' own tables (full-text indexes outside the typed schema)
  searchIndex: "search",
  searchNames: "search",
  searchPrefixes: "search",
  searchTitles: "search",
  // SQLite's AUTOINCREMENT counters, moved past the ids an import kept (platform/db/sequences.ts)
  sqlite_sequence: "platform",
} as const satisfies Record<keyof DB, string> & Record<string, string>;

export type TableOwner = (typeof tableOwners)[keyof typeof tableOwners];

export function ownerOf(table: string): TableOwner | undefined {
  return Object.hasOwn(tableOwners, table) ? tableOwners[table as keyof typeof tableOwners] : undefined;
}
