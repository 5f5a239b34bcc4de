import { Type, type Static } from "typebox";
import { DateTime } from "./common.ts";
import { Limit, Page } from "./pagination.ts";

/** A mention's status in the index: in a post, taken out of it, or its member's account deleted (to anonymise). */
export const userMentionStatuses = ["active", "removed", "toDelete"] as const;
export type UserMentionStatus = (typeof userMentionStatuses)[number];

/** What anonymised mentions read as: the name that replaces a deleted member's in posts. */
export const anonymousMentionName = "[Deleted User]";

/**
 * One mention of a member (`GET /user-mentions/users/{userID}`), with Vanilla's field names and values:
 * `recordType` is `discussions` or `comment`, its parent a `category` or `discussions`, and `ParentRecordID`.
 */
export const UserMention = Type.Object({
  userID: Type.Integer({ description: "The mentioned member." }),
  recordType: Type.Union([Type.Literal("discussions"), Type.Literal("comment")]),
  recordID: Type.Integer(),
  mentionedName: Type.String({ description: "The name the post mentions them by." }),
  parentRecordType: Type.Union([Type.Literal("category"), Type.Literal("discussions")]),
  ParentRecordID: Type.Integer({ description: "The discussion's category, or the comment's discussion." }),
  dateInserted: DateTime,
  status: Type.Enum(userMentionStatuses),
});
export type UserMention = Static<typeof UserMention>;

export const UserMentionListQuery = Type.Object({
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(100, 30)),
});
export type UserMentionListQuery = Static<typeof UserMentionListQuery>;
