import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { LayoutViewType } from "./layouts.ts";
import { UserFragment } from "./users.ts";
import { moderationMessageRules, warningRules } from "./warnings-constants.ts";

export * from "./warnings-constants.ts";

const Consequence = Type.Union([Type.Literal("none"), Type.Literal("readOnly"), Type.Literal("ban")]);

/**
 * Parley's `/users/{id}/warnings` (modelled on Vanilla's Warnings add-on): a moderator's warning to a member,
 * its points, until when it counts, and what it led to. Reversed warnings stay listed and count no more.
 */
export const Warning = Type.Object({
  warningID: Type.Integer(),
  userID: Type.Integer(),
  reason: Type.String(),
  points: Type.Integer(),
  dateInserted: DateTime,
  /** When it stops counting; null: never. */
  dateExpires: Nullable(DateTime),
  insertUserID: Type.Integer(),
  insertUser: UserFragment,
  /** Counts now: neither expired nor reversed. */
  isActive: Type.Boolean(),
  consequence: Consequence,
  /** The read-only time this warning started (consequence `readOnly`). */
  readOnlyUntil: Nullable(DateTime),
  dateReversed: Nullable(DateTime),
  reverseUserID: Nullable(Type.Integer()),
});
export type Warning = Static<typeof Warning>;

export const WarningPost = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: warningRules.reasonMaxLength }),
  points: Type.Optional(
    Type.Integer({ minimum: 0, maximum: warningRules.maxPoints, default: warningRules.defaultPoints }),
  ),
  /** Days the warning counts; 0: it never expires. */
  expireDays: Type.Optional(
    Type.Integer({ minimum: 0, maximum: warningRules.maxExpireDays, default: warningRules.defaultExpireDays }),
  ),
});
export type WarningPost = Static<typeof WarningPost>;

/** `GET /users/{id}/warnings/summary`: the member's standing now. */
export const WarningSummary = Type.Object({
  userID: Type.Integer(),
  /** Points of the warnings that count now. */
  activePoints: Type.Integer(),
  /** Until when the member may not post (a date in the future), or null. */
  readOnlyUntil: Nullable(DateTime),
  /** The site's thresholds (0: never). */
  readOnlyPoints: Type.Integer(),
  banPoints: Type.Integer(),
});
export type WarningSummary = Static<typeof WarningSummary>;

/** A moderator's private note on a member (`/users/{id}/notes`): moderators alone read them. */
export const UserNote = Type.Object({
  userNoteID: Type.Integer(),
  userID: Type.Integer(),
  body: Type.String(),
  insertUserID: Type.Integer(),
  insertUser: UserFragment,
  dateInserted: DateTime,
});
export type UserNote = Static<typeof UserNote>;

export const UserNotePost = Type.Object({
  body: Type.String({ minLength: 1, maxLength: warningRules.noteMaxLength }),
});
export type UserNotePost = Static<typeof UserNotePost>;

const MessageType = Type.Union([
  Type.Literal("casual"),
  Type.Literal("info"),
  Type.Literal("alert"),
  Type.Literal("warning"),
]);
const MessageLocation = Type.Union([Type.Literal("content"), Type.Literal("panel")]);

/**
 * `/moderation-messages` (dashboard-moderation-messages.yml): a site-wide notice. `body` is the sanitised
 * HTML of `bodyRaw` in its `format`; a category message (`recordType` category) shows in that category (and its
 * subcategories with `includeDescendants`).
 */
export const ModerationMessage = Type.Object({
  moderationMessageID: Type.Integer(),
  body: Type.String(),
  bodyRaw: Type.String(),
  format: Type.String(),
  type: MessageType,
  viewLocation: MessageLocation,
  layoutViewType: Nullable(LayoutViewType),
  recordType: Nullable(Type.Literal("category")),
  recordID: Nullable(Type.Integer()),
  includeDescendants: Type.Boolean(),
  isEnabled: Type.Boolean(),
  isDismissible: Type.Boolean(),
  sort: Type.Integer(),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  updateUserID: Nullable(Type.Integer()),
  dateUpdated: Nullable(DateTime),
});
export type ModerationMessage = Static<typeof ModerationMessage>;

/** `PUT /moderation-messages/{id}/dismiss`: the message is dismissed for the member who asked. */
export const ModerationMessageDismissal = Type.Object({ dismissed: Type.Boolean() });

const messageFields = {
  body: Type.String({ minLength: 1, maxLength: moderationMessageRules.bodyMaxLength }),
  format: Type.String({ minLength: 1, maxLength: 20 }),
  type: MessageType,
  viewLocation: MessageLocation,
  layoutViewType: Nullable(LayoutViewType),
  recordType: Nullable(Type.Literal("category")),
  recordID: Nullable(Type.Integer({ minimum: 1 })),
  includeDescendants: Type.Boolean(),
  isEnabled: Type.Boolean(),
  isDismissible: Type.Boolean(),
  sort: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
};

export const ModerationMessagePost = Type.Object({
  body: messageFields.body,
  format: messageFields.format,
  viewLocation: messageFields.viewLocation,
  type: Type.Optional(messageFields.type),
  layoutViewType: Type.Optional(messageFields.layoutViewType),
  recordType: Type.Optional(messageFields.recordType),
  recordID: Type.Optional(messageFields.recordID),
  includeDescendants: Type.Optional(messageFields.includeDescendants),
  isEnabled: Type.Optional(messageFields.isEnabled),
  isDismissible: Type.Optional(messageFields.isDismissible),
  sort: Type.Optional(messageFields.sort),
});
export type ModerationMessagePost = Static<typeof ModerationMessagePost>;

export const ModerationMessagePatch = Type.Partial(Type.Object(messageFields));
export type ModerationMessagePatch = Static<typeof ModerationMessagePatch>;

export const ModerationMessageQuery = Type.Object({
  isEnabled: Type.Optional(Type.Boolean()),
  type: Type.Optional(MessageType),
  layoutViewType: Type.Optional(LayoutViewType),
  recordType: Type.Optional(Type.Literal("category")),
  recordID: Type.Optional(Type.Integer({ minimum: 1 })),
  categoryID: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        "Parley: the messages a page in this category shows: site-wide ones, the category's, and its ancestors' with includeDescendants.",
    }),
  ),
});
export type ModerationMessageQuery = Static<typeof ModerationMessageQuery>;
