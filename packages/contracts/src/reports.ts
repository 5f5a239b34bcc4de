import { Type, type Static } from "typebox";
import { DateTime, IdFilter, Nullable } from "./common.ts";
import { PageOrFirst } from "./pagination.ts";
import { PendingRecord } from "./premoderation.ts";

/** Reports of posts (vanilla-reports.yml): members report with flag.add, moderators work the queue. */
export const reportStatuses = ["new", "escalated", "dismissed"] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** What a report may point at: posts, and private messages (a participant's report, or the screen's). */
export const reportRecordTypes = ["discussion", "comment", "message"] as const;
export type ReportRecordType = (typeof reportRecordTypes)[number];
const RecordType = Type.Union([Type.Literal("discussion"), Type.Literal("comment"), Type.Literal("message")]);

/** The reports' error messages (kept once here). */
export const reportMessages = {
  ownMessage: "You can't report your own message.",
  ownPost: "You can't report your own post.",
  notForMessages: "This action is for posts; a private message's report is dismissed, and its author warned or banned.",
} as const;

/** A reason as a report carries it. */
export const ReportReasonFragment = Type.Object({
  reportReasonID: Type.String(),
  name: Type.String(),
  description: Type.String(),
  sort: Type.Integer(),
  deleted: Type.Boolean(),
});
export type ReportReasonFragment = Static<typeof ReportReasonFragment>;

/** A reason members pick from (`/report-reasons`); `roleIDs` limits it to those roles when not empty. */
export const ReportReason = Type.Object({
  ...ReportReasonFragment.properties,
  roleIDs: Type.Array(Type.Integer()),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  /** A reason never changed: its author and creation date. */
  updateUserID: Type.Integer(),
  dateUpdated: DateTime,
  /** How many reports used it (community.manage only). */
  countReports: Type.Optional(Type.Integer()),
});
export type ReportReason = Static<typeof ReportReason>;

const reasonFields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.String({ maxLength: 1000 }),
  sort: Type.Optional(Type.Integer({ minimum: 0 })),
  roleIDs: Type.Array(Type.Integer()),
};

/** `POST /report-reasons` (community.manage): the ID is a slug the reports keep. */
export const ReportReasonPost = Type.Object({
  reportReasonID: Type.String({ minLength: 1, maxLength: 100, pattern: "^[a-z0-9][a-z0-9_-]*$" }),
  ...reasonFields,
});
export type ReportReasonPost = Static<typeof ReportReasonPost>;

export const ReportReasonPatch = Type.Partial(Type.Object(reasonFields));
export type ReportReasonPatch = Static<typeof ReportReasonPatch>;

export const ReportReasonQuery = Type.Object({
  /** Also the deleted ones (community.manage). */
  includeDeleted: Type.Optional(Type.Boolean({ default: false })),
});

/** A report: of a post (flag.add), or of a private message the reporter received (a participant, flag.add). */
export const ReportPost = Type.Object({
  recordType: RecordType,
  recordID: Type.Integer(),
  reportReasonIDs: Type.Array(Type.String(), { minItems: 1, maxItems: 10 }),
  noteBody: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type ReportPost = Static<typeof ReportPost>;

export const Report = Type.Object({
  reportID: Type.Integer(),
  recordType: Type.String(),
  recordID: Type.Integer(),
  recordName: Type.String(),
  recordUrl: Type.String(),
  /** The post's text when it was reported (plain, shortened); null for reports older than excerpts. */
  recordExcerpt: Nullable(Type.String()),
  /**
   * A private message's snapshot, taken when it was reported: its body as rendered (sanitised HTML) and its date;
   * the author is `recordUser`, the conversation `placeRecordID` (`placeRecordType` "conversation"). Null for posts.
   */
  recordHtml: Nullable(Type.String()),
  recordDateInserted: Nullable(DateTime),
  recordUserID: Type.Integer(),
  placeRecordType: Type.String(),
  placeRecordID: Type.Integer(),
  reportReasonIDs: Type.Array(Type.String()),
  reportReasons: Type.Array(ReportReasonFragment),
  noteBody: Nullable(Type.String()),
  status: Type.String(),
  insertUserID: Type.Integer(),
  insertUser: Type.Ref("UserFragment"),
  dateInserted: DateTime,
  updateUserID: Nullable(Type.Integer()),
  dateUpdated: Nullable(DateTime),
  /** The open reports of the same post (the queue's count). */
  countReports: Type.Integer(),
  /** A premoderation report: its post is held, not written anywhere yet (`recordID` 0 until approved). */
  isPending: Type.Boolean(),
  /** A pending report of an edit to a published post (`recordID` is that post; Vanilla's `isPendingUpdate`). */
  isPendingUpdate: Type.Boolean(),
  /** The held post (pending reports only; moderators). */
  pendingRecord: Nullable(PendingRecord),
  /** The post's author (Vanilla's `recordUser`). */
  recordUser: Type.Ref("UserFragment"),
});
export type Report = Static<typeof Report>;

/** The queue and a record's list; `status` defaults to new. */
export const ReportListQuery = Type.Object({
  recordType: Type.Optional(RecordType),
  recordID: Type.Optional(IdFilter("Reports of these records.")),
  status: Type.Optional(
    Type.Array(Type.Union([Type.Literal("new"), Type.Literal("escalated"), Type.Literal("dismissed")])),
  ),
  /** The premoderation queue (true) instead of reports of posts already published (false, the default). */
  isPending: Type.Optional(Type.Boolean()),
  /** Of the pending ones: held for approval or as spam. */
  premoderationQueue: Type.Optional(Type.Union([Type.Literal("approval"), Type.Literal("spam")])),
  page: Type.Optional(PageOrFirst),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
});
export type ReportListQuery = Static<typeof ReportListQuery>;

/** `expand=reportMeta` on discussions and comments. */
export const ReportMeta = Type.Object({ countReports: Type.Integer(), dateLastReport: Nullable(DateTime) });

/**
 * `GET /reports/automation` (vanilla-reports.yml): the posts reported at least `countReports` times (open
 * reports, of `reportReasonID` when given), in the categories of `placeRecordID` the moderator sees.
 */
export const ReportCounterQuery = Type.Object({
  countReports: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
  reportReasonID: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  placeRecordID: Type.Optional(IdFilter("Posts in these categories.")),
  includeSubcategories: Type.Optional(Type.Boolean({ description: "With `placeRecordID`: their subcategories too." })),
  page: Type.Optional(PageOrFirst),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
});
export type ReportCounterQuery = Static<typeof ReportCounterQuery>;

/** A post and its open reports' count and reasons. */
export const ReportCounter = Type.Object({
  recordType: Type.Union([Type.Literal("discussion"), Type.Literal("comment")]),
  recordID: Type.Integer(),
  recordName: Type.String(),
  recordUrl: Type.String(),
  recordHtml: Type.String({
    description: "The post's text as its latest report kept it (escaped, in a paragraph); empty for older reports.",
  }),
  placeRecordType: Type.Literal("category"),
  placeRecordID: Type.Integer(),
  placeRecordName: Type.String(),
  countReports: Type.Integer(),
  dateLastReport: DateTime,
  reportReasons: Type.Array(ReportReasonFragment),
});
export type ReportCounter = Static<typeof ReportCounter>;
