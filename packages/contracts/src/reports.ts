import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";

/** Reports of posts (vanilla-reports.yml): members report with flag.add, moderators work the queue. */
export const reportStatuses = ["new", "escalated", "dismissed"] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** The reasons a member picks from (`GET /report-reasons`). */
export const reportReasons = [
  { reportReasonID: "spam", name: "Spam", description: "Advertising, scams or repeated junk.", sort: 1 },
  { reportReasonID: "abuse", name: "Abuse", description: "Harassment, threats or hate.", sort: 2 },
  { reportReasonID: "inappropriate", name: "Inappropriate", description: "Content that breaks the rules.", sort: 3 },
  { reportReasonID: "other", name: "Other", description: "Something else: say what in the note.", sort: 4 },
] as const;

export const ReportReason = Type.Object({
  reportReasonID: Type.String(),
  name: Type.String(),
  description: Type.String(),
  sort: Type.Integer(),
});

export const ReportPost = Type.Object({
  recordType: Type.Union([Type.Literal("discussion"), Type.Literal("comment")]),
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
  recordUserID: Type.Integer(),
  placeRecordType: Type.String(),
  placeRecordID: Type.Integer(),
  reportReasonIDs: Type.Array(Type.String()),
  reportReasons: Type.Array(ReportReason),
  noteBody: Nullable(Type.String()),
  status: Type.String(),
  insertUserID: Type.Integer(),
  insertUser: Type.Ref("UserFragment"),
  dateInserted: DateTime,
  updateUserID: Nullable(Type.Integer()),
  dateUpdated: Nullable(DateTime),
});
export type Report = Static<typeof Report>;

/** The queue and a record's list; `status` defaults to new. */
export const ReportListQuery = Type.Object({
  recordType: Type.Optional(Type.Union([Type.Literal("discussion"), Type.Literal("comment")])),
  recordID: Type.Optional(Type.Integer()),
  status: Type.Optional(
    Type.Array(Type.Union([Type.Literal("new"), Type.Literal("escalated"), Type.Literal("dismissed")])),
  ),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
});
export type ReportListQuery = Static<typeof ReportListQuery>;

/** `expand=reportMeta` on discussions and comments. */
export const ReportMeta = Type.Object({ countReports: Type.Integer(), dateLastReport: Nullable(DateTime) });
