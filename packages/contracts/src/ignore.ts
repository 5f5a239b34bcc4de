import { Type, type Static } from "typebox";
import { DateTime } from "./common.ts";
import { UserFragment } from "./users.ts";

export { ignoreMessages, ignoreRules, ignoredPagePath } from "./ignore-constants.ts";

/** `GET /users/{id}/ignored`: a member the user ignores, and since when. */
export const IgnoredUser = Type.Object({ ...UserFragment.properties, dateIgnored: DateTime });
export type IgnoredUser = Static<typeof IgnoredUser>;

export const IgnoredUserParams = Type.Object({ id: Type.Integer(), ignoredUserID: Type.Integer() });

/** Parley's `GET /users/{id}/ignored/{ignoredUserID}`: whether the user ignores the member, and whether they may. */
export const IgnoreState = Type.Object({
  ignored: Type.Boolean(),
  /** False for oneself and for moderators and administrators (who cannot be ignored). */
  canIgnore: Type.Boolean(),
});
export type IgnoreState = Static<typeof IgnoreState>;
