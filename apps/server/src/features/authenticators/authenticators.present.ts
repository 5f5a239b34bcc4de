import type { Authenticator, AuthenticatorUserMappings, SignInButton } from "@parley/contracts";
import { authenticatorSignInPath, jwtEntryPath, type JwtAlgorithm } from "@parley/contracts";
import type { AuthenticatorRow } from "./authenticators.repo.ts";

export const defaultUserMappings: AuthenticatorUserMappings = {
  name: "preferred_username",
  email: "email",
  photoUrl: "picture",
  roles: null,
};

/** Where the name, address, photo and roles are read: the claims (OpenID Connect, JWT) or profile keys (OAuth 2). */
export const mappingsOf = (row: AuthenticatorRow): AuthenticatorUserMappings => {
  const kept = JSON.parse(row.userMappings) as Partial<AuthenticatorUserMappings>;
  const mappings = { ...defaultUserMappings, ...kept };
  return {
    name: mappings.name,
    email: mappings.email,
    photoUrl: mappings.photoUrl ?? null,
    roles: mappings.roles || null,
  };
};

/** The label of its button: the one set, else the authenticator's name. */
export const labelOf = (row: AuthenticatorRow) => row.buttonLabel.trim() || row.name;

/** A row → the API record. The secret is never part of it. */
export function presentAuthenticator(row: AuthenticatorRow, origin: string): Authenticator {
  return {
    authenticatorID: row.authenticatorID,
    name: row.name,
    type: row.type,
    clientID: row.clientID,
    default: row.isDefault === 1,
    active: row.active === 1,
    visible: row.visible === 1,
    isOidc: row.type === "oidc",
    markVerified: row.markVerified === 1,
    issuer: row.issuer,
    scope: row.scope,
    buttonLabel: row.buttonLabel,
    signOutAtProvider: row.type === "oidc" && row.signOutAtProvider === 1,
    hasSecret: row.secret !== "",
    signingAlgorithm: row.signingAlgorithm as JwtAlgorithm | "",
    jwksUrl: row.jwksUrl,
    userMappings: mappingsOf(row),
    urls: {
      signInUrl:
        row.type === "jwt"
          ? `${origin}${jwtEntryPath}?authenticatorID=${row.authenticatorID}`
          : `${origin}${authenticatorSignInPath(row.authenticatorID)}`,
      signOutUrl: null,
      authenticateUrl: row.type === "oauth2" ? row.authorizeUrl : null,
      registerUrl: null,
      passwordUrl: null,
      profileUrl: row.type === "oauth2" ? row.profileUrl : null,
    },
    dateInserted: row.dateInserted,
    dateUpdated: row.dateUpdated,
  };
}

export const presentButton = (row: AuthenticatorRow): SignInButton => ({
  authenticatorID: row.authenticatorID,
  label: labelOf(row),
  url: authenticatorSignInPath(row.authenticatorID),
  default: row.isDefault === 1,
});
