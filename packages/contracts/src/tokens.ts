import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { tokenRules } from "./tokens-constants.ts";

/** A personal access token; `accessToken` is present only in the answer that creates it. */
export const AccessToken = Type.Object({
  accessTokenID: Type.Integer(),
  name: Type.String(),
  accessToken: Type.Optional(Type.String()),
  dateInserted: DateTime,
  dateLastUsed: Nullable(DateTime),
  dateExpires: Nullable(DateTime),
});
export type AccessToken = Static<typeof AccessToken>;

export const AccessTokenPost = Type.Object({
  name: Type.String({ minLength: 1, maxLength: tokenRules.nameMaxLength }),
});

export const AccessTokenIdParams = Type.Object({ id: Type.Integer() });

/** `POST /tokens/roles`: a JWT of the signed-in member's roles, for the GET routes that read by roles alone. */
export const RoleToken = Type.Object({
  roleToken: Type.String(),
  expires: DateTime,
});
export type RoleToken = Static<typeof RoleToken>;

/** `POST /tokens/oauth`: an access token of an OAuth 2 provider, exchanged for one of the forum's. */
export const OAuthTokenPost = Type.Object({
  clientID: Type.String({ minLength: 1, maxLength: 255 }),
  oauthAccessToken: Type.String({ minLength: 1, maxLength: 4096 }),
});
export type OAuthTokenPost = Static<typeof OAuthTokenPost>;

export const OAuthToken = Type.Object({
  accessToken: Type.String(),
  dateExpires: DateTime,
});
export type OAuthToken = Static<typeof OAuthToken>;
