import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { limits } from "./limits.ts";
import type { UserFragment } from "./users.ts";

/**
 * History (spec §5 revision history, deleted comments): a post as it was before an edit or its
 * deletion, who changed it and when. `body` is rendered HTML through the one pipeline.
 */
export const ChangeLogEntry = Type.Object({
  logID: Type.Integer(),
  operation: Type.Union([Type.Literal("edit"), Type.Literal("delete")]),
  recordType: Type.Union([Type.Literal("discussion"), Type.Literal("comment")]),
  recordID: Type.Integer(),
  /** A comment's discussionID; a discussion's categoryID. */
  parentRecordID: Nullable(Type.Integer()),
  /** The discussion's title at the time (null for comments). */
  name: Nullable(Type.String()),
  body: Type.String(),
  format: Type.String(),
  /** The post's author. */
  authorUserID: Type.Integer(),
  authorUser: Type.Ref("UserFragment"),
  /** When the post was written and last edited before this change. */
  dateRecordInserted: DateTime,
  dateRecordUpdated: Nullable(DateTime),
  /** Who made the change, and when. */
  insertUserID: Type.Integer(),
  insertUser: Type.Ref("UserFragment"),
  dateInserted: DateTime,
  dateRestored: Nullable(DateTime),
  restoreUserID: Nullable(Type.Integer()),
});
/** `Static` cannot follow `$ref`s, so the embedded users are typed here. */
export type ChangeLogEntry = Omit<Static<typeof ChangeLogEntry>, "insertUser" | "authorUser"> & {
  insertUser: UserFragment;
  authorUser: UserFragment;
};

export const HistoryQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: limits.api.maxPage, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: limits.api.defaultLimit })),
});
export type HistoryQuery = Static<typeof HistoryQuery>;

/** `GET /audit-logs` (vanilla-auditlog.yml): moderators' and admins' actions, newest first. */
export const AuditLog = Type.Object({
  auditLogID: Type.String(),
  eventType: Type.String(),
  message: Type.String(),
  requestMethod: Type.String(),
  requestPath: Type.String(),
  requestQuery: Type.String(),
  context: Type.String(),
  meta: Type.Array(Type.String()),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  insertIPAddress: Nullable(Type.String()),
});
export type AuditLog = Static<typeof AuditLog>;

export const AuditLogQuery = Type.Object({
  insertUserID: Type.Optional(Type.Integer()),
  eventType: Type.Optional(Type.String()),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: limits.api.maxPage, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 30 })),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;
