import { msg } from "./i18n.ts";

/*
 * Attachments (issue 40, item 3) without TypeBox, for the web app: the record types an attachment hangs on, the
 * one integration type built here (a generic ticket API) and the limits both sides check.
 */

/** The records an attachment may hang on. */
export const attachmentRecordTypes = ["discussion", "comment"] as const;
export type AttachmentRecordType = (typeof attachmentRecordTypes)[number];

/** The integration types this site knows (Vanilla's `jira`, `zendesk`… are add-ons it does not have). */
export const attachmentTypes = ["ticket"] as const;
export type AttachmentType = (typeof attachmentTypes)[number];

/** The HTTP methods a ticket's create request may use. */
export const ticketCreateMethods = ["POST", "PUT"] as const;

/** The placeholders a ticket integration's templates may hold, each replaced by the post's value. */
export const ticketPlaceholders = [
  "recordType",
  "recordID",
  "discussionID",
  "commentID",
  "name",
  "body",
  "url",
  "userName",
  "insertUserID",
  "moderatorName",
] as const;

export const attachmentsLimits = {
  /** `POST /attachments/refresh` takes this many at most (Vanilla's 10). */
  refreshMaxIDs: 10,
  /** `GET /attachments?recordIDs=` takes this many posts at most (a page of comments). */
  listMaxIDs: 100,
  /** `POST /attachments/refresh` calls a member may make per minute (a page view refreshes its stale ones). */
  refreshPerMinute: 60,
  /** An attachment refreshed longer ago than this is stale (`onlyStale`). */
  staleAfterMs: 10 * 60_000,
  nameMaxLength: 200,
  bodyMaxLength: 10_000,
  integrationNameMaxLength: 100,
  urlMaxLength: 500,
  templateMaxLength: 4_000,
  pathMaxLength: 100,
  headerNameMaxLength: 100,
  secretMaxLength: 1_000,
  /** Bytes read of the ticket API's answer. */
  answerMaxBytes: 256 * 1024,
  /** How long a call to the ticket API may take. */
  timeoutMs: 10_000,
} as const;

export const attachmentMessages = {
  notEnabled: msg("The ticket integration is not enabled."),
  baseUrlInvalid: msg("The base URL must be an https address (http only to a host in attachments.allowedHosts)."),
  baseUrlPrivate: msg("The base URL resolves to a private or loopback address."),
  baseUrlUnresolved: msg("The base URL's host could not be found."),
  templateOutside: msg("The address must stay on the base URL's site."),
  bodyTemplateInvalid: msg("The body template must be JSON."),
  placeholderUnknown: msg("The template holds a placeholder that does not exist."),
  pathInvalid: msg("A path is names separated by dots (ticket.id)."),
  headerNameInvalid: msg("A header name is letters, digits and dashes."),
  enabledIncomplete: msg("Fill in the base URL, the create address and where to read the ticket's id first."),
  remoteFailed: msg("The ticket service did not create the ticket."),
  remoteNoID: msg("The ticket service's answer holds no ticket id where the settings say."),
  refreshTooMany: msg("Refresh at most 10 attachments at a time."),
  recordMissing: msg("Give recordID or recordIDs."),
  recordBoth: msg("Give recordID or recordIDs, not both."),
  refreshLimited: msg("Too many refreshes at once. Please wait a minute and try again."),
} as const;

/** A post's no-JavaScript Create ticket form and a ticket's Refresh, as the web app serves them. */
export const newTicketPath = (discussionID: number, commentID?: number | null) =>
  `/discussion/${discussionID}/attachments/new${commentID ? `?commentID=${commentID}` : ""}`;
export const refreshTicketPath = (discussionID: number) => `/discussion/${discussionID}/attachments/refresh`;
