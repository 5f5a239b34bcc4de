import { Type, type Static } from "typebox";
import { authenticatorRules as rules, jwtAlgorithms } from "./authenticators-constants.ts";
import { DateTime, Nullable } from "./common.ts";

export * from "./authenticators-constants.ts";

const Url = Type.String({ format: "uri", maxLength: rules.urlMaxLength });
const JwtAlgorithm = Type.Union([Type.Literal(jwtAlgorithms[0]), Type.Literal(jwtAlgorithms[1])], {
  description: "JWT: HS256 (the secret shared with the host site) or RS256 (its keys at `jwksUrl`).",
});
const Claim = Type.String({ minLength: 1, maxLength: rules.claimMaxLength });

/** Where a member's name, e-mail address, photo and roles are read from in the provider's ID token or userinfo. */
export const AuthenticatorUserMappings = Type.Object({
  name: Claim,
  email: Claim,
  photoUrl: Type.Optional(Nullable(Claim)),
  roles: Type.Optional(
    Nullable(
      Type.String({
        maxLength: rules.claimMaxLength,
        description: "A claim holding role names (a list, or one name); matched to the forum's roles by name.",
      }),
    ),
  ),
});
export type AuthenticatorUserMappings = Static<typeof AuthenticatorUserMappings>;

const AuthenticatorUrls = Type.Object({
  signInUrl: Nullable(Type.String()),
  signOutUrl: Nullable(Type.String()),
  authenticateUrl: Nullable(Type.String()),
  registerUrl: Nullable(Type.String()),
  passwordUrl: Nullable(Type.String()),
  profileUrl: Nullable(Type.String()),
});

/**
 * An authenticator (Vanilla's AuthenticatorFragment): a site members may sign in with. Its client secret is
 * written only, never answered: `hasSecret` says whether one is set.
 */
export const Authenticator = Type.Object({
  authenticatorID: Type.Integer(),
  name: Type.String(),
  type: Type.String({
    description: "`oidc`: OpenID Connect; `jwt`: a token the host site signs (GET /authenticator-types).",
  }),
  clientID: Type.String(),
  default: Type.Boolean({ description: "The sign-in page offers this authenticator first." }),
  active: Type.Boolean(),
  visible: Type.Boolean({ description: "A button on the sign-in and registration pages." }),
  isOidc: Type.Boolean(),
  markVerified: Type.Boolean({
    description:
      "Trust the provider's confirmed e-mail addresses: a first sign-in links to the account with that address.",
  }),
  issuer: Type.String({
    description:
      "Parley: the provider's issuer URL (discovery); for `jwt`, the `iss` a token must name (empty: not checked).",
  }),
  scope: Type.String({ description: "Parley: the scopes asked for, separated by spaces." }),
  buttonLabel: Type.String({ description: "Parley: “Sign in with <label>”." }),
  signOutAtProvider: Type.Boolean({
    description:
      "Parley, `oidc`: signing out sends the browser on to the provider's end-session address too, when its discovery names one.",
  }),
  hasSecret: Type.Boolean({ description: "Parley: whether a client secret is set (it is never answered)." }),
  signingAlgorithm: Type.Union([JwtAlgorithm, Type.Literal("")], { description: "Parley: `jwt` only." }),
  jwksUrl: Type.String({ description: "Parley: `jwt` with RS256: where the host site's public keys are read." }),
  userMappings: AuthenticatorUserMappings,
  urls: AuthenticatorUrls,
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
});
export type Authenticator = Static<typeof Authenticator>;

const settable = {
  name: Type.String({ minLength: 1, maxLength: rules.nameMaxLength }),
  clientID: Type.String({ minLength: 1, maxLength: rules.clientIDMaxLength }),
  secret: Type.String({ minLength: 1, maxLength: rules.secretMaxLength, description: "Written only." }),
  issuer: Type.String({
    maxLength: rules.urlMaxLength,
    description: "`oidc`: the provider's issuer URL (required); `jwt`: the `iss` its tokens name, or empty.",
  }),
  scope: Type.String({ minLength: 1, maxLength: rules.scopeMaxLength }),
  buttonLabel: Type.String({ maxLength: rules.buttonLabelMaxLength }),
  default: Type.Boolean(),
  active: Type.Boolean(),
  visible: Type.Boolean(),
  markVerified: Type.Boolean(),
  signOutAtProvider: Type.Boolean(),
  userMappings: AuthenticatorUserMappings,
  signingAlgorithm: JwtAlgorithm,
  jwksUrl: Type.Union([Url, Type.Literal("")]),
};

/**
 * `POST /authenticators` (Vanilla's is hidden; an operator needs it to add a provider). `oidc` needs its issuer
 * and client secret; `jwt` names in `clientID` the audience its tokens must carry, and needs a shared secret
 * (HS256) or a JWKS URL (RS256).
 */
export const AuthenticatorPost = Type.Object({
  type: Type.Union([Type.Literal("oidc"), Type.Literal("jwt")]),
  name: settable.name,
  clientID: settable.clientID,
  secret: Type.Optional(settable.secret),
  issuer: Type.Optional(settable.issuer),
  signingAlgorithm: Type.Optional(settable.signingAlgorithm),
  jwksUrl: Type.Optional(settable.jwksUrl),
  scope: Type.Optional(settable.scope),
  buttonLabel: Type.Optional(settable.buttonLabel),
  default: Type.Optional(settable.default),
  active: Type.Optional(settable.active),
  visible: Type.Optional(settable.visible),
  markVerified: Type.Optional(settable.markVerified),
  signOutAtProvider: Type.Optional(settable.signOutAtProvider),
  userMappings: Type.Optional(settable.userMappings),
});
export type AuthenticatorPost = Static<typeof AuthenticatorPost>;

export const AuthenticatorPatch = Type.Partial(
  Type.Object({ ...settable, userMappings: Type.Partial(AuthenticatorUserMappings) }),
);
export type AuthenticatorPatch = Static<typeof AuthenticatorPatch>;

export const AuthenticatorIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const AuthenticatorListQuery = Type.Object({
  type: Type.Optional(Type.Array(Type.String())),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const AuthenticatorTypeRecord = Type.Object({ authenticatorType: Type.String(), name: Type.String() });

/** What the sign-in and registration pages show: a button per active, visible authenticator. */
export const SignInButton = Type.Object({
  authenticatorID: Type.Integer(),
  label: Type.String(),
  url: Type.String(),
  default: Type.Boolean(),
});
export type SignInButton = Static<typeof SignInButton>;

/** A first sign-in waiting on the connect page: register with a name, or link an existing account. */
export const PendingConnection = Type.Object({
  authenticatorName: Type.String(),
  name: Type.String(),
  email: Type.String(),
  /** `link`: an account has this address and the provider is not trusted with it; its password links the two. */
  mode: Type.Union([Type.Literal("register"), Type.Literal("link")]),
  nameTaken: Type.Boolean(),
});
export type PendingConnection = Static<typeof PendingConnection>;

export const ConnectBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export type ConnectBody = Static<typeof ConnectBody>;

export const ConnectResult = Type.Object({ userID: Type.Integer(), target: Type.String() });

/*
 * OAuth 2 authenticators (issue 36, Vanilla's OAuth2 add-on: `/authenticators/oauth2`): a provider that is not
 * OpenID Connect, configured by hand: where to send the browser, where to exchange the code, where to read the
 * member's profile, and which keys of that profile hold the member's ID, address, names, photo and roles.
 */

/** A key of the provider's profile answer: `email`, or a dotted path into it (`data.user.email`). */
const ProfileKey = Type.String({ minLength: 1, maxLength: rules.claimMaxLength });
const OptionalProfileKey = Type.Union([ProfileKey, Type.Literal(""), Type.Null()]);

/** Where the member's ID, address, names, photo and roles are read in the profile; "" reads nothing. */
export const OAuth2UserMappings = Type.Object({
  uniqueID: Type.String({
    description: "The profile key holding the member's ID at the provider (a string or a number).",
  }),
  email: Type.String(),
  name: Type.String(),
  photoUrl: Type.String(),
  fullName: Type.String({ description: "Read for the name when the `name` key gives none." }),
  roles: Type.String({
    description: "A key holding role names (a list, or one name); matched to the forum's roles by name.",
  }),
});
/** What a body may set: the ID, address and name keys are needed; the others may be emptied ("" or null). */
const OAuth2UserMappingsInput = Type.Object({
  uniqueID: ProfileKey,
  email: ProfileKey,
  name: ProfileKey,
  photoUrl: OptionalProfileKey,
  fullName: OptionalProfileKey,
  roles: OptionalProfileKey,
});
export type OAuth2UserMappings = Static<typeof OAuth2UserMappings>;

const OAuth2Urls = Type.Object({
  authenticateUrl: Type.String({ description: "The provider's authorization address (the browser goes there)." }),
  tokenUrl: Type.String({ description: "Where the code is exchanged for an access token." }),
  profileUrl: Type.String({ description: "Where the member's profile is read with the access token." }),
});
const OAuth2UrlsSettable = Type.Object({
  authenticateUrl: Url,
  tokenUrl: Url,
  profileUrl: Url,
});

const AuthenticationRequest = Type.Object({
  scope: Type.String({ maxLength: rules.scopeMaxLength, description: "The scopes asked for, separated by spaces." }),
  prompt: Type.String({ maxLength: 100, description: "The authorization request's `prompt` (empty: none)." }),
});

const oauth2Settable = {
  name: settable.name,
  clientID: settable.clientID,
  secret: settable.secret,
  buttonLabel: settable.buttonLabel,
  default: settable.default,
  active: settable.active,
  visible: settable.visible,
  markVerified: Type.Boolean({
    description: "Trust the provider's e-mail addresses: a first sign-in links to the account with that address.",
  }),
  useBearerToken: Type.Boolean({
    description: "Send the access token to the profile address as `Authorization: Bearer` (else as `access_token`).",
  }),
  useBasicAuthToken: Type.Boolean({
    description:
      "Authenticate at the token address with HTTP Basic (client_secret_basic); else in the body (client_secret_post).",
  }),
  postProfileRequest: Type.Boolean({ description: "Read the profile with POST instead of GET." }),
};

/** `POST /authenticators/oauth2`. */
export const OAuth2AuthenticatorPost = Type.Object({
  ...oauth2Settable,
  urls: OAuth2UrlsSettable,
  authenticationRequest: Type.Optional(Type.Partial(AuthenticationRequest)),
  userMappings: Type.Optional(Type.Partial(OAuth2UserMappingsInput)),
  buttonLabel: Type.Optional(oauth2Settable.buttonLabel),
  default: Type.Optional(oauth2Settable.default),
  active: Type.Optional(oauth2Settable.active),
  visible: Type.Optional(oauth2Settable.visible),
  markVerified: Type.Optional(oauth2Settable.markVerified),
  useBearerToken: Type.Optional(oauth2Settable.useBearerToken),
  useBasicAuthToken: Type.Optional(oauth2Settable.useBasicAuthToken),
  postProfileRequest: Type.Optional(oauth2Settable.postProfileRequest),
});
export type OAuth2AuthenticatorPost = Static<typeof OAuth2AuthenticatorPost>;

/** `PATCH /authenticators/oauth2/{id}`: only the fields given change; a secret given replaces the one kept. */
export const OAuth2AuthenticatorPatch = Type.Partial(
  Type.Object({
    ...oauth2Settable,
    urls: Type.Partial(OAuth2UrlsSettable),
    authenticationRequest: Type.Partial(AuthenticationRequest),
    userMappings: Type.Partial(OAuth2UserMappingsInput),
  }),
);
export type OAuth2AuthenticatorPatch = Static<typeof OAuth2AuthenticatorPatch>;

/** An OAuth 2 authenticator (Vanilla's OAuth2Authenticator). The secret is written only: `hasSecret` says it is set. */
export const OAuth2Authenticator = Type.Object({
  authenticatorID: Type.Integer(),
  name: Type.String(),
  type: Type.Literal("oauth2"),
  clientID: Type.String(),
  default: Type.Boolean(),
  active: Type.Boolean(),
  visible: Type.Boolean(),
  isOidc: Type.Boolean(),
  markVerified: Type.Boolean(),
  buttonLabel: Type.String(),
  hasSecret: Type.Boolean(),
  useBearerToken: Type.Boolean(),
  useBasicAuthToken: Type.Boolean(),
  postProfileRequest: Type.Boolean(),
  authenticationRequest: AuthenticationRequest,
  userMappings: OAuth2UserMappings,
  urls: Type.Object({
    ...OAuth2Urls.properties,
    signInUrl: Type.String({ description: "Where the sign-in starts (the button's address)." }),
    redirectUrl: Type.String({ description: "Parley: the redirect URI to register at the provider." }),
  }),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
});
export type OAuth2Authenticator = Static<typeof OAuth2Authenticator>;
