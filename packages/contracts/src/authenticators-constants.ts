import { msg } from "./i18n.ts";

/**
 * Sign-in through another site (issue 34, Vanilla's authenticators): the types, limits, sentences and addresses
 * both sides share. Free of TypeBox, so the browser bundle can import it.
 */
export const authenticatorTypes = ["oidc", "jwt", "oauth2"] as const;
export type AuthenticatorType = (typeof authenticatorTypes)[number];
/** How a JWT authenticator's tokens are signed: a secret shared with the host site, or its keys at a JWKS URL. */
export const jwtAlgorithms = ["HS256", "RS256"] as const;
export type JwtAlgorithm = (typeof jwtAlgorithms)[number];

export const authenticatorRules = {
  nameMaxLength: 100,
  clientIDMaxLength: 255,
  secretMaxLength: 500,
  urlMaxLength: 500,
  claimMaxLength: 100,
  scopeMaxLength: 500,
  buttonLabelMaxLength: 100,
  /** Authenticators on one site (each is a button on the sign-in page). */
  maxAuthenticators: 20,
  /** How long a sign-in may take at the provider before its state is forgotten. */
  stateLifetimeMs: 10 * 60_000,
  /** How long a first sign-in waits for its name (or password) on the connect page. */
  connectionLifetimeMs: 30 * 60_000,
  /** A JWT sign-in token is refused this long after its `iat`, whatever its `exp` says. */
  jwtMaxAgeMs: 5 * 60_000,
  /** How far the host site's clock may be from ours when `iat`, `nbf` and `exp` are checked. */
  jwtClockSkewMs: 60_000,
  /** An HS256 secret shared with the host site: at least 256 bits, as the algorithm wants. */
  jwtSecretMinLength: 32,
} as const;

/** Where the browser starts a sign-in with an authenticator, and where the provider sends it back. */
export const authenticatorSignInPath = (authenticatorID: number) => `/entry/oidc/${authenticatorID}`;
export const authenticatorCallbackPath = (authenticatorID: number) => `/entry/oidc/${authenticatorID}/callback`;
/** Where the host site sends a browser with a signed token: `/entry/jwt?token=…` (and `&target=/path`). */
export const jwtEntryPath = "/entry/jwt";
/** The page a first sign-in finishes on: a name to pick, or the password of the account to link. */
export const connectPagePath = "/entry/connect";
/** The dashboard's page. */
export const authenticatorsPagePath = "/dashboard/settings/authenticators";

/** Why a sign-in with another site was refused: the `ssoError` the sign-in page is sent to with. */
export const ssoRefusals = [
  "state",
  "provider",
  "token",
  "expired",
  "used",
  "target",
  "disabled",
  "closed",
  "banned",
  "account",
] as const;
export type SsoRefusal = (typeof ssoRefusals)[number];

export const ssoRefusalMessages: Record<SsoRefusal, string> = {
  state: msg(
    "This sign-in link has expired or was already used, or it was not started in this browser. Please sign in again.",
  ),
  provider: msg("The other site refused the sign-in or could not be reached. Please try again later."),
  token: msg("The other site's answer could not be verified, so you were not signed in."),
  expired: msg("This sign-in link has expired or is not valid yet. Please go back to the other site and try again."),
  used: msg("This sign-in link was already used. Please go back to the other site and sign in again."),
  target: msg("This sign-in link would have sent you to another site, so it was refused."),
  disabled: msg("This way of signing in is not available."),
  closed: msg("New accounts cannot be created through this site right now."),
  banned: msg("This account has been banned."),
  account: msg("This account cannot sign in."),
};

export const authenticatorMessages = {
  notFound: "Authenticator not found.",
  oauthClientUnknown: "No OAuth 2 authenticator has this client ID.",
  oauthExchangeOff: "Exchanging OAuth 2 access tokens is turned off on this site (authenticators.tokenExchange).",
  oauthProfileMalformed: "The OAuth 2 provider's profile has no member ID, or no e-mail address for a new member.",
  oauthConnectFirst:
    "This member must first sign in with this provider in the browser, to pick a name or link an existing account.",
  tooMany: "A site has at most 20 authenticators.",
  secretRequired: "An OpenID Connect authenticator needs its client secret.",
  issuerRequired: msg("Enter the provider's address, such as https://id.example.com."),
  jwtSecretShort: msg("The shared secret needs at least 32 characters."),
  jwksRequired: msg("Enter the address of the host site's keys (JWKS), on https."),
  oauth2SecretRequired: msg("An OAuth 2 authenticator needs its client secret."),
  oauth2UrlRequired: msg(
    "Enter the provider's address for this step, on https, such as https://id.example.com/oauth/token.",
  ),
  connectionExpired: msg("This sign-in has expired. Please sign in with the other site again."),
  nameTaken: msg("That name is already taken. Pick another one."),
  passwordWrong: msg("That password is not right."),
  linkFirst: msg("An account with this e-mail address exists. Enter its password to link the two."),
} as const;
