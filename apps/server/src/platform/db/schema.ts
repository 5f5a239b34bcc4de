import type { ColumnType, Generated } from "kysely";

/**
 * The database as Kysely sees it. Column names are the API's field names (`discussionID`,
 * `dateInserted`). Dates are RFC 3339 strings on both engines (text on SQLite, timestamptz on
 * PostgreSQL, parsed back to strings); flags are integers 0/1 so both engines bind them alike.
 */
/** A column with a database default: optional when inserting. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Flag = Defaulted<number>;
type Counter = Defaulted<number>;
type DateString = string;

export interface CategoriesTable {
  categoryID: ColumnType<number, number | undefined, never>;
  parentCategoryID: number | null;
  name: string;
  urlcode: string;
  description: string | null;
  displayAs: Defaulted<string>;
  customPermissions: Flag;
  isArchived: Flag;
  sort: Counter;
  depth: Counter;
  countCategories: Counter;
  countDiscussions: Counter;
  countComments: Counter;
  countAllDiscussions: Counter;
  countAllComments: Counter;
  countFollowers: Counter;
  iconUrl: string | null;
  lastDiscussionID: number | null;
  lastCommentID: number | null;
  dateLastPost: DateString | null;
  dateInserted: DateString;
  dateUpdated: DateString | null;
  insertUserID: number;
  updateUserID: number | null;
  permissionCategoryID: Defaulted<number>;
  /** 0028: the group that owns the category (0: the "Social Groups" parent); null for an ordinary category. */
  groupID: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0033: the discussion types it takes, comma-separated; null: every type. */
  allowedDiscussionTypes: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0033: the image at the top of its page. */
  bannerUrl: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0055: how its ideas are voted on (the ideation add-on): up, or up-down. */
  ideationType: Defaulted<string>;
  /** 0082: featured (Vanilla's `featured`): listed by `GET /categories?featured=true` and the categories widget. */
  featured: Flag;
}

export interface UsersTable {
  userID: Generated<number>;
  name: string;
  email: string;
  emailConfirmed: Flag;
  passwordHash: string | null;
  photoUrl: string | null;
  /** The photo at 80 px (0042) for lists, posts and the title bar; null: `photoUrl` serves. */
  photoThumbnail: Generated<string | null>;
  title: string | null;
  isAdmin: Flag;
  banned: Flag;
  deleted: Flag;
  private: Flag;
  countDiscussions: Counter;
  countComments: Counter;
  points: Counter;
  /** The member's rank (0061, the ranks add-on): the highest whose criteria hold, or one set by hand. */
  rankID: Generated<number | null>;
  /** 1: the rank was set by hand (`PUT /users/{id}/rank`); the recomputation leaves it alone. */
  rankManual: Counter;
  dateInserted: DateString;
  dateUpdated: DateString | null;
  dateLastActive: DateString | null;
  showEmail: Flag;
  bypassSpam: Flag;
  countVisits: Counter;
  insertIPAddress: string | null;
  lastIPAddress: string | null;
  /** The member's signature source (0006), and its post format; null when unset. */
  signature: Generated<string | null>;
  signatureFormat: Generated<string | null>;
  /** Why an applicant wants to join (registration by approval, 0029). */
  discoveryText: Generated<string | null>;
  /** A ban's reason, start, end (null: until lifted) and author (0032); null while not banned. */
  banReason: Generated<string | null>;
  dateBanned: Generated<DateString | null>;
  dateBanExpires: Generated<DateString | null>;
  banInsertUserID: Generated<number | null>;
  /** Hides the member from who's online (0036), but for site managers. */
  hidden: Flag;
  /** Where the member says they are, and what they say about themself in a post format (0037); null when unset. */
  location: Generated<string | null>;
  about: Generated<string | null>;
  aboutFormat: Generated<string | null>;
  /** When the member's own deletion of their account takes effect (0039); deactivated until then. */
  dateDeleteScheduled: Generated<DateString | null>;
}

export interface DiscussionsTable {
  discussionID: Generated<number>;
  type: Defaulted<string>;
  categoryID: number;
  name: string;
  body: string;
  format: string;
  insertUserID: number;
  updateUserID: number | null;
  lastUserID: number | null;
  lastCommentID: number | null;
  dateInserted: DateString;
  dateUpdated: DateString | null;
  dateLastComment: DateString;
  countComments: Counter;
  countViews: Counter;
  closed: Flag;
  sink: Flag;
  /** 0 none, 1 category, 2 recent (Vanilla's `Announce`). */
  announce: Defaulted<number>;
  score: Counter;
  resolved: Flag;
  resolvedUserID: number | null;
  dateResolved: DateString | null;
  /** A sort key mixing recency and activity (the `hot` sort). */
  hot: Defaulted<number>;
  /** JSON object. */
  attributes: string | null;
  insertIPAddress: string | null;
  /** 0028: the group whose category holds the discussion. */
  groupID: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0053: a question's status (unanswered, answered, accepted); null for other types. */
  questionStatus: ColumnType<string | null, string | null | undefined, string | null>;
  dateAnswered: ColumnType<DateString | null, DateString | null | undefined, DateString | null>;
  dateAccepted: ColumnType<DateString | null, DateString | null | undefined, DateString | null>;
  /** 0055: an idea's status (`ideaStatuses` of the contracts) and its notes; null for other types. */
  ideaStatusID: ColumnType<number | null, number | null | undefined, number | null>;
  ideaStatusNotes: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0065: a moderator's canonical address for the discussion; null: its own. */
  canonicalUrl: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0063: the site's post type it was posted as (null: its original `type`). */
  postTypeID: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 0065: the idea statuses, the six built in (system, IDs 1–6) and administrators' own. */
export interface DiscussionStatusesTable {
  statusID: Generated<number>;
  name: string;
  state: string;
  recordSubtype: string | null;
  isDefault: Flag;
  isSystem: Flag;
  isInternal: Flag;
  insertUserID: number | null;
  dateInserted: DateString;
  updateUserID: number | null;
  dateUpdated: DateString | null;
}

/** 0065: each change of a discussion's status, written in the change's transaction. */
interface DiscussionStatusLogTable {
  statusLogID: Generated<number>;
  discussionID: number;
  statusID: number;
  previousStatusID: number;
  reason: string | null;
  insertUserID: number;
  dateInserted: DateString;
}

/** 0055: a member's vote on an idea, +1 or −1 (the discussion's score adds them up). */
interface IdeaVotesTable {
  discussionID: number;
  userID: number;
  vote: number;
  dateInserted: DateString;
}

/** 0059: a discussion's poll (the polls add-on). */
interface PollsTable {
  pollID: Generated<number>;
  discussionID: number;
  name: string;
  choiceMode: string;
  maxChoices: number | null;
  resultsVisibility: string;
  dateClosed: ColumnType<DateString | null, DateString | null | undefined, DateString | null>;
  countVoters: Defaulted<number>;
  insertUserID: number;
  dateInserted: DateString;
  updateUserID: ColumnType<number | null, number | null | undefined, number | null>;
  dateUpdated: ColumnType<DateString | null, DateString | null | undefined, DateString | null>;
}

/** 0059: one of a poll's options, with its count (kept by the votes' transaction). */
interface PollOptionsTable {
  pollOptionID: Generated<number>;
  pollID: number;
  body: string;
  sort: number;
  countVotes: Defaulted<number>;
}

/** 0059: a member's choice of one option of a poll. */
interface PollVotesTable {
  pollOptionID: number;
  pollID: number;
  userID: number;
  dateInserted: DateString;
}

/** 0053: an answer to a question accepted or rejected (a comment without a row is pending). */
interface AnswersTable {
  commentID: number;
  status: string;
  dateAccepted: DateString | null;
  acceptUserID: number | null;
  /** The points the accepted answer gave its author (0060): what un-accepting or deleting it takes back. */
  points: Counter;
}

/** The points ledger by period (0060): see the migration. */
interface UserPointsTable {
  slotType: string;
  timeSlot: string;
  categoryID: number;
  userID: number;
  points: Counter;
}

interface BadgesTable {
  badgeID: Generated<number>;
  key: string;
  name: string;
  description: string;
  /** What earns it: posts, answers (accepted), reactions (received) or anniversary (years), at `threshold`. */
  rule: string;
  threshold: number;
  sort: Counter;
  countRecipients: Counter;
  dateInserted: DateString;
}

interface RanksTable {
  rankID: Generated<number>;
  name: string;
  /** The label shown beside the member's name. */
  userTitle: string;
  level: number;
  minPoints: Counter;
  minPosts: Counter;
  minDays: Counter;
  dateInserted: DateString;
  /** 0064: 1 the rank's members may post links (the default), 0 a post or edit with a link is refused. */
  postLinks: Generated<number>;
  /** 0064: how long (seconds, -1 no limit) the rank's members may edit their posts; null: the site's. */
  editContentTimeout: number | null;
}

interface UserBadgesTable {
  userID: number;
  badgeID: number;
  dateEarned: DateString;
}

export interface CommentsTable {
  commentID: Generated<number>;
  discussionID: number;
  parentCommentID: number | null;
  body: string;
  format: string;
  insertUserID: number;
  updateUserID: number | null;
  dateInserted: DateString;
  dateUpdated: DateString | null;
  score: Counter;
  depth: Defaulted<number>;
  attributes: string | null;
  insertIPAddress: string | null;
}

/** A deleted discussion's tombstone (migration 0049): its id answers 410 Gone, not 404. */
interface DeletedDiscussionsTable {
  discussionID: number;
  categoryID: number;
  dateDeleted: DateString;
}

export interface UserDiscussionsTable {
  userID: number;
  discussionID: number;
  bookmarked: Flag;
  muted: Flag;
  dismissed: Flag;
  participated: Flag;
  countComments: Counter;
  dateLastViewed: DateString | null;
  dateBookmarked: DateString | null;
}

/** A member's following of a category (migration 0011). */
interface UserCategoriesTable {
  userID: number;
  categoryID: number;
  followed: Flag;
  dateFollowed: DateString | null;
  dateUnfollowed: DateString | null;
  /** 0065: the member's notification preferences for the category (Vanilla's `preferences.popup.posts` …). */
  popupPosts: Defaulted<number>;
  emailPosts: Defaulted<number>;
  popupComments: Defaulted<number>;
  emailComments: Defaulted<number>;
}

export interface TagsTable {
  tagID: Generated<number>;
  name: string;
  urlcode: string;
  type: Defaulted<string>;
  parentTagID: number | null;
  countDiscussions: Counter;
  dateInserted: DateString;
  insertUserID: number | null;
}

interface TagDiscussionsTable {
  tagID: number;
  discussionID: number;
  dateInserted: DateString;
}

export interface ReactionTypesTable {
  tagID: number;
  urlcode: string;
  name: string;
  description: string | null;
  class: string;
  points: Counter;
  sort: Counter;
  active: Defaulted<number>;
}

interface ReactionsTable {
  recordType: string;
  recordID: number;
  userID: number;
  tagID: number;
  recordUserID: number;
  dateInserted: DateString;
}

interface ConfigTable {
  key: string;
  /** JSON. */
  value: string;
  dateUpdated: DateString;
}

export interface RolesTable {
  roleID: Generated<number>;
  name: string;
  description: string | null;
  /** guest, unconfirmed, applicant, member, moderator, administrator, or null for a custom role. */
  type: string | null;
  sort: Counter;
  deletable: Defaulted<number>;
  canSession: Defaulted<number>;
  personalInfo: Flag;
  dateInserted: DateString;
  dateUpdated: DateString | null;
  /** 0062: invitations a member with the role may send each month (-1 unlimited, 0 none). */
  invitationsPerMonth: Defaulted<number>;
}

interface UserRolesTable {
  userID: number;
  roleID: number;
}

interface RolePermissionsTable {
  roleID: number;
  /** '' for a global grant, 'category' for a per-category grant. */
  junctionType: Defaulted<string>;
  /** 0 for a global grant, else the category's id. */
  junctionID: Defaulted<number>;
  permission: string;
}

export interface SessionsTable {
  /** sha256 of the cookie's token: the token itself is never stored. */
  sessionID: string;
  userID: number;
  transientKey: string;
  persist: Flag;
  dateInserted: DateString;
  dateLastUsed: DateString;
  dateExpires: DateString;
  userAgent: string | null;
  ipAddress: string | null;
}

export interface AccessTokensTable {
  accessTokenID: Generated<number>;
  userID: number;
  name: string;
  tokenHash: string;
  dateInserted: DateString;
  dateLastUsed: DateString | null;
  dateExpires: DateString | null;
}

interface EmailTokensTable {
  tokenHash: string;
  userID: number;
  /** confirm | reset */
  purpose: string;
  email: string;
  dateInserted: DateString;
  dateExpires: DateString;
  dateUsed: DateString | null;
}

export interface MediaTable {
  mediaID: Generated<number>;
  /** Under `<dataDir>/uploads`: `yyyy/mm/<random>.<ext>`, never the client's file name. */
  path: string;
  name: string;
  type: string;
  size: number;
  width: number | null;
  height: number | null;
  foreignType: string | null;
  foreignID: number | null;
  insertUserID: number;
  dateInserted: DateString;
  /** 0067: the file's path in an imported forum's uploads folder (its old address `/uploads/<path>` redirects here). */
  importedPath: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 0067: an imported record whose id had to change (its old id was taken), for the old addresses' redirects. */
interface ImportRedirectsTable {
  recordType: string;
  oldID: number;
  newID: number;
}

export interface NotificationsTable {
  notificationID: Generated<number>;
  userID: number;
  activityType: string;
  recordType: string;
  recordID: number;
  discussionID: number | null;
  actorUserID: number;
  /** HTML with only `<b>` tags (names and titles escaped). */
  body: string;
  /** Site-relative address of the record. */
  url: string;
  count: Defaulted<number>;
  popup: Flag;
  read: Flag;
  emailStatus: Defaulted<string>;
  dateInserted: DateString;
  dateUpdated: DateString;
}

interface NotificationPreferencesTable {
  userID: number;
  /** Vanilla's name: `Popup.Mention`, `Email.DiscussionComment`. */
  preference: string;
  value: number;
}

export interface LiveEventsTable {
  eventID: Generated<number>;
  channel: string;
  type: string;
  /** JSON. */
  data: string;
  dateInserted: DateString;
}

export interface ConversationsTable {
  conversationID: Generated<number>;
  name: string | null;
  insertUserID: number;
  dateInserted: DateString;
  dateUpdated: DateString;
  countMessages: Counter;
  countParticipants: Counter;
  lastMessageID: number | null;
}

export interface ConversationMessagesTable {
  messageID: Generated<number>;
  conversationID: number;
  body: string;
  format: string;
  insertUserID: number;
  dateInserted: DateString;
  insertIPAddress: string | null;
}

interface UserConversationsTable {
  userID: number;
  conversationID: number;
  /** Left the conversation. */
  deleted: Flag;
  countReadMessages: Counter;
  dateLastViewed: DateString | null;
}

export interface DraftsTable {
  draftID: Generated<number>;
  recordType: string;
  recordID: number | null;
  parentRecordType: string | null;
  parentRecordID: number | null;
  /** JSON. */
  attributes: string;
  insertUserID: number;
  updateUserID: number | null;
  dateInserted: DateString;
  dateUpdated: DateString | null;
  /** 0 draft, 1 scheduled, 2 error. */
  draftStatus: Defaulted<number>;
  dateScheduled: DateString | null;
  failedReason: string | null;
  claimedUntil: DateString | null;
}

/** One searchable record as plain text (features/search); its full-text index is per engine. */
interface SearchDocumentsTable {
  docID: Generated<number>;
  recordType: string;
  recordID: number;
  discussionID: number | null;
  categoryID: number | null;
  insertUserID: number | null;
  type: string;
  name: string;
  body: string;
  language: Defaulted<string>;
  dateInserted: DateString;
  dateUpdated: DateString | null;
}

/** Records whose search document is due (filled by triggers on the content tables). */
interface SearchQueueTable {
  queueID: Generated<number>;
  recordType: string;
  recordID: number;
}

/** 0010: the record before an edit or deletion (history; restorable deleted comments). */
export interface ChangeLogTable {
  logID: Generated<number>;
  operation: "edit" | "delete";
  recordType: string;
  recordID: number;
  parentRecordID: number | null;
  /** JSON: the row as it was. */
  data: string;
  insertUserID: number;
  dateInserted: DateString;
  restoreUserID: number | null;
  dateRestored: DateString | null;
}

/** 0010: moderators' and admins' actions. */
export interface AuditLogsTable {
  auditLogID: Generated<number>;
  eventType: string;
  message: string;
  requestMethod: string;
  requestPath: string;
  requestQuery: string;
  /** JSON. */
  context: string;
  insertUserID: number;
  insertIPAddress: string | null;
  dateInserted: DateString;
}

/** 0010: members' reports of posts. */
export interface ReportsTable {
  reportID: Generated<number>;
  recordType: string;
  recordID: number;
  placeRecordType: string;
  placeRecordID: number;
  recordUserID: number;
  recordName: string;
  recordUrl: string;
  /** JSON array of reason IDs. */
  reportReasonIDs: string;
  noteBody: string | null;
  status: Defaulted<string>;
  insertUserID: number;
  dateInserted: DateString;
  updateUserID: number | null;
  dateUpdated: DateString | null;
  /** 0015: the reported post's text when reported (plain, shortened). */
  recordExcerpt: string | null;
  /** 0043: a premoderation report: its post is held (JSON in `pendingRecord`), `recordID` 0 until approved. */
  isPending: Defaulted<number>;
  pendingRecord: string | null;
  premoderationQueue: "approval" | "spam" | null;
  /** 0046: a reported private message as rendered (sanitised HTML) and its date; null for posts. */
  recordHtml: string | null;
  recordDateInserted: DateString | null;
}

/** 0015: the reasons members pick when they report (`/report-reasons`). */
export interface ReportReasonsTable {
  reportReasonID: string;
  name: string;
  description: string;
  sort: Defaulted<number>;
  /** JSON array of role IDs; empty: every role. */
  roleIDs: string;
  deleted: Flag;
  insertUserID: number;
  dateInserted: DateString;
  updateUserID: number | null;
  dateUpdated: DateString | null;
}

/** 0021: long-running calls asked for with `longRunnerMode=async`, until done. */
export interface LongRunnerJobsTable {
  jobID: string;
  jobTrackingID: string;
  userID: number;
  action: string;
  /** JSON. */
  args: string;
  /** JSON array of the IDs still to do. */
  remainingIDs: string;
  /** JSON: countTotalIDs, countSuccess, countFailed, failureStatus, budgetMs. */
  state: string;
  status: "intended" | "complete" | "failed";
  origin: string;
  ip: string;
  claimedUntil: DateString | null;
  dateInserted: DateString;
  dateUpdated: DateString;
}

/** 0039: "Download my data" requests and their private archives. */
export interface UserExportsTable {
  exportID: Generated<number>;
  userID: number;
  status: "pending" | "running" | "ready" | "failed";
  /** The archive's name under `<dataDir>/exports` (random); null until built. */
  fileName: string | null;
  size: Generated<number>;
  claimedUntil: DateString | null;
  dateInserted: DateString;
  dateCompleted: DateString | null;
  dateExpires: DateString | null;
}

/** 0010: collections of records (spec §3). */
export interface CollectionsTable {
  collectionID: Generated<number>;
  name: string;
  insertUserID: number;
  updateUserID: number | null;
  dateInserted: DateString;
  dateUpdated: DateString | null;
}

export interface CollectionRecordsTable {
  collectionID: number;
  recordType: string;
  recordID: number;
  sort: Defaulted<number>;
  dateInserted: DateString;
}

/** 0023: content translation resources (reference §7). */
interface TranslationResourcesTable {
  urlCode: string;
  name: string;
  sourceLocale: string;
  dateInserted: DateString;
}

/** 0023: one translated property in one locale. */
export interface TranslationsTable {
  resource: string;
  translationPropertyKey: string;
  locale: string;
  recordType: string;
  recordID: number | null;
  recordKey: string | null;
  propertyName: string;
  translation: string;
  dateUpdated: DateString;
}

/** 0024: a theme of the site's own, started from a built-in one; `revisionID` is its active revision. */
export interface ThemesTable {
  themeID: Generated<number>;
  name: string;
  parentTheme: string;
  parentVersion: string;
  revisionID: number | null;
  insertUserID: number;
  dateInserted: DateString;
  updateUserID: number | null;
  dateUpdated: DateString | null;
}

/** 0024: one revision of a theme: a whole copy of its variables, as JSON. */
export interface ThemeRevisionsTable {
  revisionID: Generated<number>;
  themeID: number;
  revisionName: string | null;
  variables: string;
  /** 0072: the custom header and footer (sanitised HTML), styles (CSS), JavaScript, script addresses (JSON). */
  header: Generated<string>;
  footer: Generated<string>;
  styles: Generated<string>;
  javascript: Generated<string>;
  scripts: Generated<string>;
  insertUserID: number;
  dateInserted: DateString;
}

/** 0075: an operator's layout of a view type: its widgets as JSON (issue 38). */
export interface LayoutsTable {
  layoutID: Generated<number>;
  name: string;
  layoutViewType: string;
  layout: string;
  insertUserID: number;
  dateInserted: DateString;
  updateUserID: number | null;
  dateUpdated: DateString | null;
}

/** 0077: a custom page (issue 38): its address, SEO, visibility and own layout. */
export interface CustomPagesTable {
  customPageID: Generated<number>;
  urlcode: string;
  seoTitle: string;
  seoDescription: string;
  status: string;
  siteSectionID: string;
  /** JSON array of role ids; empty: every viewer. */
  roleIDs: string;
  showInNavigation: Generated<number>;
  layoutID: number;
  insertUserID: number;
  dateInserted: DateString;
  updateUserID: number | null;
  dateUpdated: DateString | null;
}

/** 0084: a subcommunity (issue 40): a section of the site at `/{folder}` over its root category. */
export interface SubcommunitiesTable {
  subcommunityID: Generated<number>;
  name: string;
  folder: string;
  categoryID: number;
  /** Empty: the site's locale. */
  locale: Generated<string>;
  /** Null: the site's theme. */
  themeID: string | null;
  sort: Generated<number>;
  insertUserID: number;
  dateInserted: DateString;
  updateUserID: number | null;
  dateUpdated: DateString | null;
}

/** 0075: one save of a layout: a whole copy of its name and widgets. */
export interface LayoutRevisionsTable {
  revisionID: Generated<number>;
  layoutID: number;
  name: string;
  layout: string;
  insertUserID: number;
  dateInserted: DateString;
}

/** 0075: a layout assigned to a view type (`global`, -1) or to a category's pages of it (`category`, its id). */
export interface LayoutViewsTable {
  layoutViewID: Generated<number>;
  layoutID: number;
  layoutViewType: string;
  recordType: string;
  recordID: number;
  insertUserID: number;
  dateInserted: DateString;
}

/** 0076: an administrator's own widget (issue 38); its code is in its revisions. */
export interface FragmentsTable {
  fragmentUUID: string;
  name: string;
  fragmentType: string;
  insertUserID: number;
  dateInserted: DateString;
}

/** 0076: one revision of a fragment's code: a draft, the active one, or a past one. */
export interface FragmentRevisionsTable {
  fragmentRevisionUUID: string;
  fragmentUUID: string;
  status: "draft" | "active" | "past-revision";
  js: string;
  jsRaw: string;
  css: string;
  /** JSON: the editor's preview data sets. */
  previewData: string;
  /** JSON: the uploads the fragment uses. */
  files: string;
  commitMessage: string;
  commitDescription: string;
  insertUserID: number;
  dateInserted: DateString;
}

/** 0076: an administrator who accepted the fragments' disclosure. */
interface FragmentDisclosuresTable {
  userID: number;
  dateAccepted: DateString;
}

/** 0078: an address an administrator registered for events (issue 39); `events` is a JSON list. */
export interface WebhooksTable {
  webhookID: Generated<number>;
  name: string;
  url: string;
  events: string;
  secret: string;
  status: "active" | "disabled";
  failureCount: Generated<number>;
  insertUserID: number;
  dateInserted: DateString;
  updateUserID: number | null;
  dateUpdated: DateString | null;
  dateDisabled: DateString | null;
  disabledReason: string | null;
}

/** 0078: one event to send (or sent) to one webhook: the body signed, its state and last answer. */
export interface WebhookDeliveriesTable {
  deliveryID: string;
  webhookID: number;
  event: string;
  recordType: string | null;
  recordID: number | null;
  body: string;
  status: "pending" | "retrying" | "delivered" | "failed";
  attempts: Generated<number>;
  responseCode: number | null;
  responseTimeMs: number | null;
  responseBody: string | null;
  error: string | null;
  dateInserted: DateString;
  dateLastAttempt: DateString | null;
  dateNextAttempt: DateString | null;
  claimedUntil: DateString | null;
}

/** 0081: an outside record (a ticket) attached to a post (issue 40). */
export interface AttachmentsTable {
  attachmentID: Generated<number>;
  recordType: "discussion" | "comment";
  recordID: number;
  type: string;
  source: string;
  sourceID: string;
  sourceUrl: string | null;
  status: string;
  foreignUserID: number;
  insertUserID: number;
  dateInserted: DateString;
  updateUserID: number | null;
  dateUpdated: DateString | null;
  lastModifiedDate: DateString | null;
}

/** 0081: an attachment integration's settings (JSON) and its write-only auth secret. */
export interface AttachmentIntegrationsTable {
  attachmentType: string;
  settings: string;
  authSecret: string | null;
  updateUserID: number | null;
  dateUpdated: DateString | null;
}

/** 0083: a day's count of a measure (`key` empty) or of one discussion's, category's or search's (issue 40). */
interface AnalyticsDailyTable {
  metric: string;
  day: string;
  key: string;
  count: number;
}

/** 0083: a reader seen on a day (`u:` and a member's id, `g:` and a guest's hashed mark). */
interface AnalyticsVisitorsTable {
  day: string;
  reader: string;
}

/** 0083: a member's analytics choice (1: leave me out, 0: count me). */
interface AnalyticsPrivacyTable {
  userID: number;
  anonymize: number;
}

/** 0079: an automation rule (issue 39): a trigger and an action, each a type and a JSON value. */
export interface AutomationRulesTable {
  automationRuleID: Generated<number>;
  name: string;
  status: "active" | "inactive";
  triggerType: string;
  triggerValue: string;
  actionType: string;
  actionValue: string;
  insertUserID: number;
  dateInserted: DateString;
  updateUserID: number | null;
  dateUpdated: DateString | null;
  dateLastRun: DateString | null;
  claimedUntil: DateString | null;
}

/** 0079: one run of an automation rule, with the trigger and action it ran and what it did. */
export interface AutomationDispatchesTable {
  automationRuleDispatchUUID: string;
  automationRuleID: number;
  dispatchType: "manual" | "triggered" | "initial";
  dispatchStatus: "queued" | "running" | "success" | "failed" | "warning";
  dispatchUserID: number | null;
  triggerType: string;
  triggerValue: string;
  actionType: string;
  actionValue: string;
  affectedRecordType: "discussion" | "comment" | "user";
  estimatedRecordCount: Generated<number>;
  affectedRecordCount: Generated<number>;
  failedRecordCount: Generated<number>;
  errorMessage: string | null;
  dateDispatched: DateString;
  dateFinished: DateString | null;
}

/** 0080: the records an automation rule has acted on (an event-driven or once-only action acts once on each). */
interface AutomationRecordsTable {
  automationRuleID: number;
  recordType: string;
  recordID: number;
  dateInserted: DateString;
}

/** 0026: a knowledge base; `rootCategoryID` is the knowledge category every top-level one sits under. */
export interface KnowledgeBasesTable {
  knowledgeBaseID: Generated<number>;
  name: string;
  description: string;
  urlCode: string;
  viewType: string;
  sortArticles: string;
  icon: Defaulted<string>;
  bannerImage: Defaulted<string>;
  sourceLocale: string;
  rootCategoryID: Defaulted<number>;
  defaultArticleID: number | null;
  /** published | deleted */
  status: Defaulted<string>;
  insertUserID: number;
  dateInserted: DateString;
  updateUserID: number | null;
  dateUpdated: DateString | null;
}

/** 0026: a knowledge category (parentID -1 for a base's root category). */
export interface KnowledgeCategoriesTable {
  knowledgeCategoryID: Generated<number>;
  knowledgeBaseID: number;
  parentID: number;
  name: string;
  sort: number | null;
  sortChildren: string | null;
  insertUserID: number;
  dateInserted: DateString;
  updateUserID: number | null;
  dateUpdated: DateString | null;
}

/** 0026: an article: its source, in its format (rendered when read). */
export interface ArticlesTable {
  articleID: Generated<number>;
  knowledgeCategoryID: number;
  knowledgeBaseID: number;
  name: string;
  body: string;
  format: string;
  locale: string;
  sort: number | null;
  seoName: string | null;
  seoDescription: string | null;
  /** published | deleted */
  status: Defaulted<string>;
  featured: Flag;
  dateFeatured: DateString | null;
  score: Counter;
  countViews: Counter;
  insertUserID: number;
  dateInserted: DateString;
  updateUserID: number | null;
  dateUpdated: DateString | null;
}

/** 0026: one saved version of an article (status published for the current one, else previous). */
export interface ArticleRevisionsTable {
  articleRevisionID: Generated<number>;
  articleID: number;
  name: string;
  format: string;
  body: string;
  locale: string;
  status: string;
  insertUserID: number;
  dateInserted: DateString;
}

/** 0026: a member's "Was this article helpful?" answer (yes | no). */
interface ArticleReactionsTable {
  articleID: number;
  userID: number;
  helpful: string;
  dateInserted: DateString;
}

/** The e-mail digest's deliveries, one per member and digest (migration 0073, features/digest). */
interface DigestDeliveriesTable {
  userID: number;
  dateScheduled: DateString;
  status: string;
  countDiscussions: Defaulted<number>;
  dateInserted: DateString;
  dateSent: DateString | null;
}

export interface DB {
  digestDeliveries: DigestDeliveriesTable;
  categories: CategoriesTable;
  users: UsersTable;
  discussions: DiscussionsTable;
  comments: CommentsTable;
  roles: RolesTable;
  userRoles: UserRolesTable;
  rolePermissions: RolePermissionsTable;
  sessions: SessionsTable;
  accessTokens: AccessTokensTable;
  emailTokens: EmailTokensTable;
  userDiscussions: UserDiscussionsTable;
  deletedDiscussions: DeletedDiscussionsTable;
  answers: AnswersTable;
  userPoints: UserPointsTable;
  badges: BadgesTable;
  userBadges: UserBadgesTable;
  ranks: RanksTable;
  ideaVotes: IdeaVotesTable;
  polls: PollsTable;
  pollOptions: PollOptionsTable;
  pollVotes: PollVotesTable;
  userCategories: UserCategoriesTable;
  discussionStatuses: DiscussionStatusesTable;
  discussionStatusLog: DiscussionStatusLogTable;
  tags: TagsTable;
  tagDiscussions: TagDiscussionsTable;
  reactionTypes: ReactionTypesTable;
  reactions: ReactionsTable;
  config: ConfigTable;
  media: MediaTable;
  importRedirects: ImportRedirectsTable;
  notifications: NotificationsTable;
  notificationPreferences: NotificationPreferencesTable;
  liveEvents: LiveEventsTable;
  conversations: ConversationsTable;
  conversationMessages: ConversationMessagesTable;
  userConversations: UserConversationsTable;
  drafts: DraftsTable;
  searchDocuments: SearchDocumentsTable;
  searchQueue: SearchQueueTable;
  changeLog: ChangeLogTable;
  auditLogs: AuditLogsTable;
  reports: ReportsTable;
  reportReasons: ReportReasonsTable;
  longRunnerJobs: LongRunnerJobsTable;
  collections: CollectionsTable;
  collectionRecords: CollectionRecordsTable;
  translationResources: TranslationResourcesTable;
  translations: TranslationsTable;
  themes: ThemesTable;
  themeRevisions: ThemeRevisionsTable;
  layouts: LayoutsTable;
  layoutRevisions: LayoutRevisionsTable;
  layoutViews: LayoutViewsTable;
  customPages: CustomPagesTable;
  subcommunities: SubcommunitiesTable;
  fragments: FragmentsTable;
  fragmentRevisions: FragmentRevisionsTable;
  fragmentDisclosures: FragmentDisclosuresTable;
  webhooks: WebhooksTable;
  webhookDeliveries: WebhookDeliveriesTable;
  automationRules: AutomationRulesTable;
  automationDispatches: AutomationDispatchesTable;
  attachments: AttachmentsTable;
  attachmentIntegrations: AttachmentIntegrationsTable;
  analyticsDaily: AnalyticsDailyTable;
  analyticsVisitors: AnalyticsVisitorsTable;
  analyticsPrivacy: AnalyticsPrivacyTable;
  automationRecords: AutomationRecordsTable;
  knowledgeBases: KnowledgeBasesTable;
  knowledgeCategories: KnowledgeCategoriesTable;
  articles: ArticlesTable;
  articleRevisions: ArticleRevisionsTable;
  articleReactions: ArticleReactionsTable;
  groups: GroupsTable;
  groupMembers: GroupMembersTable;
  groupApplicants: GroupApplicantsTable;
  groupInvitations: GroupInvitationsTable;
  ignoredUsers: IgnoredUsersTable;
  userMentions: UserMentionsTable;
  linkPreviews: LinkPreviewsTable;
  profileFields: ProfileFieldsTable;
  userProfileFields: UserProfileFieldsTable;
  postTypes: PostTypesTable;
  postTypeRoles: { postTypeID: string; roleID: number };
  postTypeCategories: { postTypeID: string; categoryID: number };
  postFields: PostFieldsTable;
  postTypeFields: { postTypeID: string; postFieldID: string; sort: number };
  discussionPostMeta: { discussionID: number; postFieldID: string; value: string };
  userExports: UserExportsTable;
  watchedWords: WatchedWordsTable;
  spamVerdicts: SpamVerdictsTable;
  bans: BansTable;
  warnings: WarningsTable;
  userNotes: UserNotesTable;
  moderationMessages: ModerationMessagesTable;
  moderationMessageDismissals: ModerationMessageDismissalsTable;
  dirtyRecords: DirtyRecordsTable;
  emailTemplates: EmailTemplatesTable;
  authenticators: AuthenticatorsTable;
  userAuthentications: UserAuthenticationsTable;
  authenticatorStates: AuthenticatorStatesTable;
  authenticatorConnections: AuthenticatorConnectionsTable;
  authenticatorJwtUses: AuthenticatorJwtUsesTable;
  invitations: InvitationsTable;
  authenticatorSessions: AuthenticatorSessionsTable;
  invitationMonths: InvitationMonthsTable;
  userTwoFactor: UserTwoFactorTable;
  userRecoveryCodes: UserRecoveryCodesTable;
}

/** 0058: a member's authenticator key; never answered once confirmed (`dateEnabled` set). */
interface UserTwoFactorTable {
  userID: number;
  secret: string;
  dateInserted: DateString;
  /** Null while the setup waits for its first code. */
  dateEnabled: DateString | null;
  /** The last time step a code was accepted for: codes at or before it are refused. */
  lastStep: Defaulted<number>;
  /** Signs "remember this device" cookies with the site's key; a new one forgets every remembered device. */
  deviceKey: string;
}

/** 0058: a recovery code's hash; used once. */
interface UserRecoveryCodesTable {
  recoveryCodeID: Generated<number>;
  userID: number;
  codeHash: string;
  dateUsed: DateString | null;
}

/** 0053: an OpenID Connect provider members may sign in with (issue 34). */
interface AuthenticatorsTable {
  authenticatorID: Generated<number>;
  name: string;
  type: string;
  clientID: string;
  /** Never answered by the API. */
  secret: string;
  issuer: string;
  scope: string;
  buttonLabel: Defaulted<string>;
  isDefault: Flag;
  active: Flag;
  visible: Flag;
  markVerified: Flag;
  /** JSON: the claims holding name, email, photoUrl and roles. */
  userMappings: string;
  dateInserted: DateString;
  dateUpdated: DateString | null;
  /** 0056: `jwt` only: HS256 (with `secret`) or RS256 (with `jwksUrl`); empty for `oidc`. */
  signingAlgorithm: Defaulted<string>;
  /** 0056: `jwt` with RS256: the host site's public keys. */
  jwksUrl: Defaulted<string>;
  /** 0062: `oidc`: signing out sends the browser to the provider's end-session address too (when it has one). */
  signOutAtProvider: Defaulted<number>;
  /** 0071: `oauth2`: the provider's authorization, token and profile addresses, and the `prompt` asked with. */
  authorizeUrl: Defaulted<string>;
  tokenUrl: Defaulted<string>;
  profileUrl: Defaulted<string>;
  prompt: Defaulted<string>;
  /** 0071: `oauth2`: the access token as a bearer header (else a parameter) to the profile address. */
  useBearerToken: Flag;
  /** 0071: `oauth2`: the client secret by HTTP Basic at the token address (else in the body). */
  useBasicAuthToken: Flag;
  /** 0071: `oauth2`: the profile read with POST (else GET). */
  postProfileRequest: Flag;
}

/** 0062: the ID token a session was signed in with (the end-session address's `id_token_hint`); server only. */
interface AuthenticatorSessionsTable {
  sessionID: string;
  authenticatorID: number;
  idToken: string;
}

/** 0062: invitations a member sent in a calendar month (`YYYY-MM`, UTC). */
interface InvitationMonthsTable {
  userID: number;
  month: string;
  countSent: Defaulted<number>;
}

/** 0056: an address invited to register (registration method invitation). */
interface InvitationsTable {
  invitationID: Generated<number>;
  email: string;
  /** The hash of the code in the invitation's link. */
  codeHash: string;
  insertUserID: number;
  dateInserted: DateString;
  dateExpires: DateString;
  acceptedUserID: number | null;
  dateAccepted: DateString | null;
}

/** 0056: a JWT sign-in token already used (its `jti`'s hash, or the token's), kept until it expires. */
interface AuthenticatorJwtUsesTable {
  tokenHash: string;
  authenticatorID: number;
  dateExpires: DateString;
}

/** 0053: which provider account (its `sub`) is which member. */
interface UserAuthenticationsTable {
  authenticatorID: number;
  subject: string;
  userID: number;
  dateInserted: DateString;
}

/** 0053: a sign-in under way at a provider; its row is deleted when the provider sends the browser back. */
interface AuthenticatorStatesTable {
  stateHash: string;
  authenticatorID: number;
  browserHash: string;
  codeVerifier: string;
  nonce: string;
  target: string;
  dateExpires: DateString;
}

/** 0053: a first sign-in waiting for a name, or for the password of the account it links to. */
interface AuthenticatorConnectionsTable {
  tokenHash: string;
  authenticatorID: number;
  subject: string;
  name: string;
  email: string;
  emailVerified: Flag;
  photoUrl: string | null;
  /** JSON: the role names the provider gave. */
  roles: string;
  target: string;
  dateExpires: DateString;
  /** 0062: the provider's ID token, kept for the session the connection ends in. */
  idToken: string | null;
}

/** 0044: a moderator's warning to a member (issue 30). */
interface WarningsTable {
  warningID: Generated<number>;
  userID: number;
  insertUserID: number;
  reason: string;
  points: number;
  dateInserted: DateString;
  dateExpires: DateString | null;
  consequence: Generated<string>;
  readOnlyUntil: DateString | null;
  dateReversed: DateString | null;
  reverseUserID: number | null;
}

/** 0044: a moderator's private note on a member. */
interface UserNotesTable {
  userNoteID: Generated<number>;
  userID: number;
  insertUserID: number;
  body: string;
  dateInserted: DateString;
}

/** 0044: a site-wide notice (`/moderation-messages`). */
interface ModerationMessagesTable {
  moderationMessageID: Generated<number>;
  body: string;
  format: string;
  type: string;
  viewLocation: string;
  layoutViewType: string | null;
  recordType: string | null;
  recordID: number | null;
  includeDescendants: Generated<number>;
  isEnabled: Generated<number>;
  isDismissible: Generated<number>;
  sort: Generated<number>;
  insertUserID: number;
  dateInserted: DateString;
  updateUserID: number | null;
  dateUpdated: DateString | null;
}

/** 0045: bans by rule (issue 30, Vanilla's GDN_Ban). */
interface BansTable {
  banID: Generated<number>;
  banType: string;
  banValue: string;
  notes: string | null;
  countUsers: Counter;
  countBlockedRegistrations: Counter;
  insertUserID: number;
  dateInserted: DateString;
  insertIPAddress: string | null;
  updateUserID: number | null;
  dateUpdated: DateString | null;
  /** 0048: when the rule stops applying (null: never). */
  dateExpires: DateString | null;
}

/** 0041: watched words (issue 30). */
interface WatchedWordsTable {
  watchedWordID: Generated<number>;
  word: string;
  pattern: string;
  action: string;
  insertUserID: number;
  dateInserted: DateString;
}

/** 0041: what the spam check said of a post or an account write. */
interface SpamVerdictsTable {
  spamVerdictID: Generated<number>;
  userID: number;
  recordType: string;
  recordID: number | null;
  verdict: string;
  score: number;
  reasons: string;
  checker: string;
  fingerprint: string | null;
  ipAddress: string | null;
  dateInserted: DateString;
}

/** 0035: members a member ignores (Vanilla's ignore add-on). */
interface IgnoredUsersTable {
  userID: number;
  ignoredUserID: number;
  dateIgnored: DateString;
}

/** 0068: who is mentioned in which post (the mentions feature's index). */
interface UserMentionsTable {
  userMentionID: Generated<number>;
  userID: number;
  /** discussion | comment */
  recordType: string;
  recordID: number;
  discussionID: number;
  /** category | discussion */
  parentRecordType: string;
  parentRecordID: number;
  mentionedName: string;
  dateInserted: DateString;
  /** active | toDelete | removed */
  status: Generated<string>;
}

/** 0050: what an address alone on a line of a post shows as its card (link previews). */
interface LinkPreviewsTable {
  urlHash: string;
  url: string;
  /** ok | failed */
  status: string;
  title: string;
  description: string;
  imageUrl: string;
  siteName: string;
  provider: string | null;
  embedID: string;
  failure: string | null;
  dateFetched: DateString;
  dateExpires: DateString;
}

/** 0028: a group (Groups add-on); its discussions are in its own category. */
export interface GroupsTable {
  groupID: Generated<number>;
  name: string;
  description: string;
  /** public | private | secret */
  privacy: string;
  iconUrl: string | null;
  bannerUrl: string | null;
  categoryID: number;
  /** Kept by every membership change; the discussion counts are its category's. */
  countMembers: Counter;
  insertUserID: number;
  dateInserted: DateString;
  updateUserID: number | null;
  dateUpdated: DateString | null;
}

export interface GroupMembersTable {
  groupID: number;
  userID: number;
  /** member | leader */
  role: string;
  dateInserted: DateString;
}

export interface GroupApplicantsTable {
  groupID: number;
  userID: number;
  reason: string;
  /** pending | approved | denied */
  status: string;
  dateInserted: DateString;
  dateUpdated: DateString | null;
}

export interface GroupInvitationsTable {
  groupID: number;
  userID: number;
  insertUserID: number;
  dateInserted: DateString;
}

/** 0038: custom profile fields' definitions (Vanilla's profile fields); JSON in the options columns. */
interface ProfileFieldsTable {
  apiName: string;
  label: string;
  description: Generated<string>;
  dataType: string;
  formType: string;
  visibility: string;
  mutability: string;
  registrationOptions: string;
  displayOptions: string;
  dropdownOptions: string | null;
  enabled: Generated<number>;
  sort: Generated<number>;
  dateInserted: DateString;
  dateUpdated: DateString | null;
}

/** 0063: a site's own post type, a kind of an original one. */
interface PostTypesTable {
  postTypeID: string;
  name: string;
  parentPostTypeID: string;
  postButtonLabel: string;
  postHelperText: string;
  isActive: number;
  isDeleted: number;
  dateInserted: DateString;
  dateUpdated: DateString | null;
  insertUserID: number;
  updateUserID: number | null;
}

/** 0063: a post field's definition. */
interface PostFieldsTable {
  postFieldID: string;
  label: string;
  description: string;
  dataType: string;
  formType: string;
  visibility: string;
  dropdownOptions: string | null;
  isRequired: number;
  isActive: number;
  dateInserted: DateString;
  dateUpdated: DateString | null;
  insertUserID: number;
  updateUserID: number | null;
}

/** 0038: a member's value of a profile field, as JSON text. */
interface UserProfileFieldsTable {
  userID: number;
  apiName: string;
  value: string;
}

/** 0066: a member's dismissal of a dismissible moderation message. */
interface ModerationMessageDismissalsTable {
  moderationMessageID: number;
  userID: number;
  dateDismissed: DateString;
}

/** 0070: records changed since an outside index last cleared their type (the resources feature). */
/** 0074: administrators' e-mail templates (features/email-templates). */
interface EmailTemplatesTable {
  emailTemplateID: Generated<number>;
  /** The notification kind whose e-mail it writes; null: a custom template. */
  activityType: string | null;
  name: string;
  /** Mustache templates, checked when saved. */
  subject: string;
  body: string;
  footer: string | null;
  emailLogo: string | null;
  /** active | inactive */
  status: string;
  insertUserID: number;
  dateInserted: DateString;
  updateUserID: number;
  dateUpdated: DateString;
}

interface DirtyRecordsTable {
  /** discussion | comment | user | category */
  recordType: string;
  recordID: number;
  /** When the record last changed. */
  dateInserted: DateString;
}
