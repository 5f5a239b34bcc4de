import { Type, type Static } from "typebox";
import { DateTime } from "./common.ts";

import { rankRules } from "./ranks-constants.ts";

export * from "./ranks-constants.ts";

/** A rank as the user record's `expand=rank` shows it (Vanilla's fragment). */
export const UserRank = Type.Object({
  rankID: Type.Integer(),
  name: Type.String(),
  /** The label shown beside the member's name. */
  userTitle: Type.String(),
});
export type UserRank = Static<typeof UserRank>;

const criterion = () => Type.Integer({ minimum: 0, maximum: rankRules.maxCriterion });

/** What an administrator sets on a rank (`POST /ranks`); every criterion must hold for a member to have it. */
export const RankInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: rankRules.maxName }),
    userTitle: Type.String({ minLength: 1, maxLength: rankRules.maxUserTitle }),
    level: Type.Integer({ minimum: 1, maximum: rankRules.maxLevel }),
    /** Minimum points (`users.points`). */
    minPoints: Type.Optional(criterion()),
    /** Minimum posts: discussions and comments. */
    minPosts: Type.Optional(criterion()),
    /** Minimum days since joining. */
    minDays: Type.Optional(criterion()),
    /** Ability (Vanilla's "Links"): false refuses the rank's members' posts and edits whose body holds a link. */
    postLinks: Type.Optional(Type.Boolean()),
    /**
     * Ability (Vanilla's edit timeout): how long the rank's members may edit their posts, in seconds (-1: no
     * limit, 0: not at all); null: the site's `ui.editContentTimeout`.
     */
    editContentTimeout: Type.Optional(
      Type.Union([Type.Null(), Type.Integer({ minimum: -1, maximum: rankRules.maxEditContentTimeout })]),
    ),
  },
  { additionalProperties: false },
);
export type RankInput = Static<typeof RankInput>;

/** `PATCH /ranks/{id}`: any of the input's fields. */
export const RankPatch = Type.Partial(RankInput, { additionalProperties: false });
export type RankPatch = Static<typeof RankPatch>;

/** A rank (`GET /ranks`), with how many members hold it. */
export const Rank = Type.Object({
  rankID: Type.Integer(),
  name: Type.String(),
  userTitle: Type.String(),
  level: Type.Integer(),
  minPoints: Type.Integer(),
  minPosts: Type.Integer(),
  minDays: Type.Integer(),
  postLinks: Type.Boolean(),
  editContentTimeout: Type.Union([Type.Null(), Type.Integer()]),
  countUsers: Type.Integer(),
  dateInserted: DateTime,
});
export type Rank = Static<typeof Rank>;

/** `PUT /users/{id}/rank` (Vanilla's): a rank set by hand, or null to go back to the computed one. */
export const UserRankInput = Type.Object(
  // Null first: the server's validator coerces types, and would read null as the integer 0 otherwise.
  { rankID: Type.Union([Type.Null(), Type.Integer({ minimum: 1 })]) },
  { additionalProperties: false },
);
export type UserRankInput = Static<typeof UserRankInput>;
