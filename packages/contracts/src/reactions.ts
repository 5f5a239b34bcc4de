import { Type, type Static } from "typebox";
import { DateTime } from "./common.ts";
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
