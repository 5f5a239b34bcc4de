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
