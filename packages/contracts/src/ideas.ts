import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { limits } from "./limits.ts";
import { Limit, PageOrFirst } from "./pagination.ts";
import { ideaVotes } from "./ideas-constants.ts";

/** `PATCH /discussions/{id}/idea`: a moderator sets an idea's status, with notes that stay until overwritten. */
export const IdeaPatch = Type.Object({
  statusID: Type.Integer({ minimum: 1, description: "One of `GET /discussions/statuses`." }),
  statusNotes: Nullable(Type.String({ minLength: 1, maxLength: 2000, description: "Notes on the status change." })),
});
export type IdeaPatch = Static<typeof IdeaPatch>;

/** The answer of `PATCH /discussions/{id}/idea`, as Vanilla's. */
export const IdeaPatchResult = Type.Object({
  statusID: Type.Integer(),
  statusNotes: Nullable(Type.String()),
});

/** `PUT /discussions/{id}/vote`: the viewer's vote on an idea; `none` takes it back. */
export const IdeaVoteBody = Type.Object({
  vote: Type.Enum(ideaVotes, { description: "up, down (where the category takes up-down) or none." }),
});
export type IdeaVoteBody = Static<typeof IdeaVoteBody>;

/** The answer of `PUT /discussions/{id}/vote`: the idea's score and the viewer's vote. */
export const IdeaVoteResult = Type.Object({
  discussionID: Type.Integer(),
  score: Type.Integer(),
  vote: Type.Enum(ideaVotes),
});
export type IdeaVoteResult = Static<typeof IdeaVoteResult>;

/** `GET /discussions/statuses` (Vanilla's `RecordStatus`): the six built in (system) and administrators' own. */
export const RecordStatus = Type.Object({
  statusID: Type.Integer(),
  name: Type.String(),
  state: Type.Union([Type.Literal("open"), Type.Literal("closed")]),
  recordType: Type.String(),
  recordSubtype: Nullable(Type.String()),
  isDefault: Type.Boolean(),
  isSystem: Type.Boolean(),
  isInternal: Type.Boolean(),
});
export const RecordStatusQuery = Type.Object({
  state: Type.Optional(Type.Union([Type.Literal("open"), Type.Literal("closed")])),
  subType: Type.Optional(Type.String()),
});

const statusFields = {
  name: Type.String({ minLength: 1, maxLength: limits.ideas.statusNameMaxLength, description: "The status's name." }),
  state: Type.Union([Type.Literal("open"), Type.Literal("closed")], {
    description: "An open idea is still considered; a closed one is done with.",
  }),
  isDefault: Type.Boolean({ description: "New ideas take this status (one default at a time)." }),
  recordSubtype: Nullable(Type.Literal("ideation", { description: "Parley's statuses are the ideas' (ideation)." })),
  isInternal: Nullable(Type.Boolean({ description: "Kept for Vanilla's clients; Parley shows every status." })),
};

/** `POST /discussions/statuses`: an administrator's own idea status. */
export const RecordStatusPost = Type.Object({
  ...statusFields,
  state: Type.Optional(statusFields.state),
  isDefault: Type.Optional(statusFields.isDefault),
  recordSubtype: Type.Optional(statusFields.recordSubtype),
  isInternal: Type.Optional(statusFields.isInternal),
});
export type RecordStatusPost = Static<typeof RecordStatusPost>;

/** `PATCH /discussions/statuses/{id}`: only these fields; a built-in (system) status is not changed. */
export const RecordStatusPatch = Type.Partial(Type.Object(statusFields));
export type RecordStatusPatch = Static<typeof RecordStatusPatch>;

/** `GET /discussions/{id}/status-log` (Vanilla's `StatusLog`): one change of the discussion's status. */
export const StatusLog = Type.Object({
  statusID: Type.Integer({ description: "The status set." }),
  previousStatusID: Type.Integer({ description: "The status before (Parley's)." }),
  insertUserID: Type.Integer({ description: "Who changed it." }),
  dateInserted: DateTime,
  recordType: Type.Literal("discussion"),
  recordID: Type.String({ description: "The discussion's ID (a string, as Vanilla's)." }),
  reason: Nullable(Type.String({ description: "The status notes given with the change." })),
});
export type StatusLog = Static<typeof StatusLog>;

export const StatusLogQuery = Type.Object({
  page: Type.Optional(PageOrFirst),
  limit: Type.Optional(Limit(100, 50)),
});
export type StatusLogQuery = Static<typeof StatusLogQuery>;
