import { Type, type Static } from "typebox";
import { DateTime, Expand } from "./common.ts";
import { ReactionSummary } from "./discussions.ts";
import { limits } from "./limits.ts";
import { Limit, Page } from "./pagination.ts";

/** A reaction type (GET /reactions; note Vanilla's camel `urlCode` here, `urlcode` in fragments). */
export const ReactionType = Type.Object({
  tagID: Type.Integer(),
  urlCode: Type.String(),
  name: Type.String(),
  description: Type.String(),
  class: Type.String({ description: "Positive, Negative or Flag." }),
  points: Type.Integer(),
  sort: Type.Integer(),
  active: Type.Boolean(),
  custom: Type.Boolean(),
  hidden: Type.Boolean(),
  attributes: Type.Record(Type.String(), Type.Unknown()),
  photoUrl: Type.String(),
});
export type ReactionType = Static<typeof ReactionType>;

/**
 * `PATCH /reactions/{urlCode}` (Vanilla's, community.manage): what the dashboard changes of a type. A type
 * turned off (`active: false`) is offered on no post, and reacting with it is refused.
 */
export const ReactionTypePatch = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: limits.reactions.nameMaxLength })),
  description: Type.Optional(Type.String({ maxLength: limits.reactions.descriptionMaxLength })),
  points: Type.Optional(
    Type.Integer({
      minimum: -limits.reactions.pointsMax,
      maximum: limits.reactions.pointsMax,
      description: "How far a reaction of this type moves a post's score.",
    }),
  ),
  active: Type.Optional(Type.Boolean({ description: "Whether posts offer it." })),
});
export type ReactionTypePatch = Static<typeof ReactionTypePatch>;

export const ReactionTypeParams = Type.Object({ urlCode: Type.String({ minLength: 1, maxLength: 50 }) });

export const ReactionPost = Type.Object({
  reactionType: Type.String({ minLength: 1, description: "The reaction's urlcode." }),
});

export const ReactionCount = Type.Object({
  tagID: Type.Integer(),
  urlcode: Type.String(),
  name: Type.String(),
  class: Type.String(),
  count: Type.Integer(),
});

export const ReactionLogEntry = Type.Object({
  recordType: Type.String(),
  recordID: Type.Integer(),
  tagID: Type.Integer(),
  userID: Type.Integer(),
  dateInserted: DateTime,
  user: Type.Ref("UserFragment"),
  reactionType: Type.Object({
    tagID: Type.Integer(),
    urlcode: Type.String(),
    name: Type.String(),
    class: Type.String(),
  }),
});

export const ReactionLogQuery = Type.Object({
  type: Type.Optional(Type.String({ description: "Only this reaction (urlcode)." })),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(100, 30)),
});

export const ReactionRecordParams = Type.Object({ id: Type.Integer() });
export const ReactionUserParams = Type.Object({ id: Type.Integer(), userID: Type.Integer() });

/** `reactionsReceived` of a user: by urlcode. */
export const ReactionsReceived = Type.Record(
  Type.String(),
  Type.Object({
    tagID: Type.Integer(),
    urlcode: Type.String(),
    name: Type.String(),
    class: Type.String(),
    count: Type.Integer(),
  }),
);

/** `GET /users/{id}/reacted`: the member's posts that received a reaction of one type, newest first. */
export const ReactedQuery = Type.Object({
  reactionUrlcode: Type.String({ minLength: 1, maxLength: 100, description: "The reaction type's urlcode." }),
  limit: Type.Optional(Limit(100, 30)),
  expand: Type.Optional(Expand),
});
export type ReactedQuery = Static<typeof ReactedQuery>;

/** One post of `GET /users/{id}/reacted` (Vanilla's `ReactedRecord`). */
export const ReactedRecord = Type.Object({
  name: Type.String(),
  body: Type.String({ description: "The post's rendered HTML." }),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  dateUpdated: DateTime,
  recordID: Type.Integer(),
  recordType: Type.Union([Type.Literal("Discussion"), Type.Literal("Comment")]),
  discussionID: Type.Integer(),
  commentID: Type.Optional(Type.Integer()),
  url: Type.String(),
  insertUser: Type.Optional(Type.Ref("UserFragment")),
  reactions: Type.Optional(Type.Array(ReactionSummary)),
});
