import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";

/*
 * A member's browser sessions (vanilla-sessions.yml): listed and signed out by the member, or by whoever edits
 * members. Sessions only: personal access tokens are `/tokens`.
 */

/**
 * One session. `sessionID` is what the server stores: the SHA-256 (hex) of the cookie's token, never the token,
 * so knowing it signs no one in. `dateUpdated` is when the session was last used (written at most every ten
 * minutes); `dateExpires` when it ends unless used again. Parley adds the device and address it began from,
 * and marks the session making the request.
 */
export const UserSession = Type.Object({
  sessionID: Type.String({ description: "The SHA-256 of the session cookie's token (not the token)." }),
  userID: Type.Integer(),
  dateInserted: DateTime,
  dateUpdated: DateTime,
  dateExpires: Nullable(DateTime),
  userAgent: Nullable(
    Type.String({ description: "Parley: the browser's user agent when the session began (at most 255 characters)." }),
  ),
  ipAddress: Nullable(Type.String({ description: "Parley: the address the session began from." })),
  isCurrent: Type.Boolean({ description: "Parley: whether this is the session making the request." }),
});
export type UserSession = Static<typeof UserSession>;

export const SessionListQuery = Type.Object({
  userID: Type.Integer({ minimum: 1, description: "Whose sessions." }),
  filter: Type.Optional(
    Type.Union([Type.Literal("valid"), Type.Literal("invalid")], {
      description: "valid: not yet expired; invalid: expired and not yet cleared. Both when left out.",
    }),
  ),
});
export type SessionListQuery = Static<typeof SessionListQuery>;

export const SessionDeleteQuery = Type.Object({
  userID: Type.Integer({ minimum: 1, description: "Whose session(s)." }),
  sessionID: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: "One session; every session of the user without it." }),
  ),
});
export type SessionDeleteQuery = Static<typeof SessionDeleteQuery>;
