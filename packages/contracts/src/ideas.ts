import { Type, type Static } from "typebox";
import { Nullable } from "./common.ts";
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

/** `GET /discussions/statuses` (Vanilla's `RecordStatus`; Parley's are built in). */
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
