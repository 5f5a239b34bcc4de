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
