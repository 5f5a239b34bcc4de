import * as oidc from "openid-client";
import type { FastifyReply, FastifyRequest } from "fastify";
import { authenticatorCallbackPath, authenticatorRules } from "@parley/contracts";
import { hashToken, randomToken } from "../../platform/auth/tokens.ts";
import type { Platform } from "../../platform/context.ts";
import type { ConnectedAccounts } from "../users/index.ts";
import {
  BROWSER_COOKIE,
  cookieOptions,
  createSsoLanding,
  isLoopback,
  limit,
  localTarget,
  Refusal,
  refuse,
  takeCallbackState,
} from "./authenticators.landing.ts";
import { mappingsOf } from "./authenticators.present.ts";
import type { AuthenticatorRow, AuthenticatorsRepo } from "./authenticators.repo.ts";

/** How long discovered provider metadata is kept before it is read again. */
const METADATA_LIFETIME = 10 * 60_000;

/**
 * OpenID Connect sign-in with openid-client: discovery, the authorization code flow with PKCE (S256), a state
 * kept hashed on the server for single use and bound to the browser by a cookie, a nonce, and the ID token's
 * checks (signature, issuer, audience, expiry, nonce) done by the library. The redirect URI is built from the
 * site's configured address, never from the request.
 */
export function createOidcSignIn(repo: AuthenticatorsRepo, platform: Platform, accounts: ConnectedAccounts) {
  const metadata = new Map<string, { server: oidc.ServerMetadata; until: number }>();
  const starts = platform.limiter("sso-start-ip", 30, 15 * 60_000);
  const callbacks = platform.limiter("sso-callback-ip", 30, 15 * 60_000);
  const publicUrl = () => platform.config.publicUrl;
  const landing = createSsoLanding(repo, platform, accounts);
  const redirectUri = (authenticatorID: number) => `${publicUrl()}${authenticatorCallbackPath(authenticatorID)}`;
  /** Where the provider sends the browser back once signed out there: the site's home page. */
  const postLogoutRedirectUri = () => `${publicUrl()}/`;

  /** The client for an authenticator, its clock the platform's (a test moves it). */
  async function configurationOf(row: AuthenticatorRow): Promise<oidc.Configuration> {
    const issuer = new URL(row.issuer);
    const insecure = issuer.protocol === "http:" && isLoopback(issuer);
    const skew = Math.round((platform.clock.nowMs() - Date.now()) / 1000);
    const clientMetadata: Partial<oidc.ClientMetadata> = { client_secret: row.secret, [oidc.clockSkew]: skew };
    const cached = metadata.get(row.issuer);
    if (cached && cached.until > Date.now()) {
      const config = new oidc.Configuration(
        cached.server,
        row.clientID,
        clientMetadata,
        oidc.ClientSecretBasic(row.secret),
      );
      if (insecure) oidc.allowInsecureRequests(config);
      return config;
    }
    const config = await oidc.discovery(
      issuer,
      row.clientID,
      clientMetadata,
      oidc.ClientSecretBasic(row.secret),
      insecure ? { execute: [oidc.allowInsecureRequests] } : {},
    );
    metadata.set(row.issuer, { server: config.serverMetadata(), until: Date.now() + METADATA_LIFETIME });
    return config;
  }

  async function activeAuthenticator(authenticatorID: number): Promise<AuthenticatorRow> {
    const row = await repo.byId(authenticatorID);
    if (!row || row.active !== 1) throw new Refusal("disabled");
    return row;
  }

  return {
    /**
     * Where a session signed in with a provider goes once signed out here (RP-initiated logout): the provider's
     * `end_session_endpoint` with the ID token as `id_token_hint`, the client ID, and the site's own address (its
     * configured one, never the request's) as `post_logout_redirect_uri`. Null, and the sign-out stays here, when
     * the session came from elsewhere, the authenticator no longer signs out there, or the provider names no
     * end-session address (or cannot be read: signing out here must not wait on it).
     */
    async signOutUrl(sessionID: string, request: FastifyRequest): Promise<string | null> {
      const kept = await repo.sessionToken(sessionID);
      if (!kept) return null;
      const row = await repo.byId(kept.authenticatorID);
      if (!row || row.type !== "oidc" || row.signOutAtProvider !== 1) return null;
      try {
        const config = await configurationOf(row);
        if (!config.serverMetadata().end_session_endpoint) return null;
        return oidc.buildEndSessionUrl(config, {
          id_token_hint: kept.idToken,
          post_logout_redirect_uri: postLogoutRedirectUri(),
        }).href;
      } catch (error) {
        request.log.warn({ err: error }, "The OpenID Connect provider's sign-out address could not be read");
        return null;
      }
    },

    /** `GET /entry/oidc/{id}`: to the provider, with a new state, nonce and PKCE challenge. */
    async start(authenticatorID: number, target: unknown, request: FastifyRequest, reply: FastifyReply) {
      await limit(starts, request, reply);
      try {
        const row = await activeAuthenticator(authenticatorID);
        let config: oidc.Configuration;
        try {
          config = await configurationOf(row);
        } catch {
          throw new Refusal("provider");
        }
        const codeVerifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        const nonce = oidc.randomNonce();
        const browser = randomToken();
        const now = platform.clock.nowMs();
        await repo.forgetExpiredStates(new Date(now).toISOString());
        await repo.insertState({
          stateHash: hashToken(state),
          authenticatorID,
          browserHash: hashToken(browser),
          codeVerifier,
          nonce,
          target: localTarget(target),
          dateExpires: new Date(now + authenticatorRules.stateLifetimeMs).toISOString(),
        });
        reply.setCookie(
          BROWSER_COOKIE,
          browser,
          cookieOptions(request, "/entry/oidc", authenticatorRules.stateLifetimeMs),
        );
        const url = oidc.buildAuthorizationUrl(config, {
          redirect_uri: redirectUri(authenticatorID),
          scope: row.scope,
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: "S256",
          state,
          nonce,
        });
        return reply.redirect(url.href, 303);
      } catch (error) {
        if (error instanceof Refusal) return refuse(reply, error.reason);
        throw error;
      }
    },

    /**
     * `GET /entry/oidc/{id}/callback`: the state taken (once), the code exchanged and the ID token checked; then
     * the member linked to this provider account is signed in, or the account with the provider's confirmed
     * address when the authenticator trusts its addresses, or a new account is made; otherwise the connect page
     * asks for a name or for the existing account's password.
     */
    async callback(authenticatorID: number, request: FastifyRequest, reply: FastifyReply) {
      await limit(callbacks, request, reply);
      try {
        const taken = await takeCallbackState(repo, platform, authenticatorID, request, reply);
        const { state } = request.query as { state: string };
        const row = await activeAuthenticator(authenticatorID);
        const config = await configurationOf(row).catch(() => {
          throw new Refusal("provider");
        });
        // The address the provider sent the browser to, rebuilt from the configured one and the query as sent.
        const rawQuery = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
        const currentUrl = new URL(`${redirectUri(authenticatorID)}${rawQuery}`);
        let claims: Record<string, unknown>;
        let idToken: string | null = null;
        try {
          const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
            pkceCodeVerifier: taken.codeVerifier,
            expectedState: state,
            expectedNonce: taken.nonce,
            idTokenExpected: true,
          });
          const idClaims = tokens.claims();
          if (!idClaims) throw new Refusal("token");
          claims = { ...idClaims };
          idToken = tokens.id_token ?? null;
          const mappings = mappingsOf(row);
          const wanted = [mappings.name, mappings.email, mappings.photoUrl, mappings.roles].filter(
            (claim): claim is string => Boolean(claim),
          );
          if (wanted.some((claim) => claims[claim] === undefined)) {
            const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
            claims = { ...info, ...claims };
          }
        } catch (error) {
          if (error instanceof Refusal) throw error;
          if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError)
            throw new Refusal("provider");
          request.log.warn({ err: error }, "OpenID Connect sign-in refused");
          throw new Refusal("token");
        }
        return await landing.signInWith(row, claims, taken.target, request, reply, idToken);
      } catch (error) {
        if (error instanceof Refusal) return refuse(reply, error.reason);
        throw error;
      }
    },
  };
}
