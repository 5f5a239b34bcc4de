import * as oidc from "openid-client";
import type { FastifyReply, FastifyRequest } from "fastify";
import { authenticatorCallbackPath, authenticatorRules, connectPagePath, type SsoRefusal } from "@parley/contracts";
import { hashToken, randomToken, safeEqual } from "../../platform/auth/tokens.ts";
import type { Platform } from "../../platform/context.ts";
import { HttpError } from "../../platform/errors.ts";
import { tooManyRequests } from "../../platform/http/address-limits.ts";
import { clientOf } from "../../platform/http/client-address.ts";
import { secureCookies } from "../../platform/http/pagination.ts";
import type { ConnectedAccounts } from "../users/index.ts";
import { mappingsOf } from "./authenticators.present.ts";
import type { AuthenticatorRow, AuthenticatorsRepo } from "./authenticators.repo.ts";

/** Binds a sign-in under way to the browser that started it (a state alone could be handed to someone else). */
const BROWSER_COOKIE = "parley_sso";
/** The first sign-in waiting on the connect page. */
export const CONNECTION_COOKIE = "parley_connect";
/** How long discovered provider metadata is kept before it is read again. */
const METADATA_LIFETIME = 10 * 60_000;

/** A refusal: the browser goes back to the sign-in page, which says why. */
class Refusal extends Error {
  constructor(readonly reason: SsoRefusal) {
    super(reason);
  }
}

/** A path on this site to return to: never another site (`//host`, `/\host`, a scheme). */
export const localTarget = (target: unknown): string =>
  typeof target === "string" && /^\/(?![/\\])/u.test(target) ? target : "/";

const isLoopback = (url: URL) => ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);

const stringClaim = (claims: Record<string, unknown>, name: string | null | undefined): string => {
  if (!name) return "";
  const value = claims[name];
  return typeof value === "string" ? value.trim() : "";
};

const listClaim = (claims: Record<string, unknown>, name: string | null | undefined): string[] => {
  if (!name) return [];
  const value = claims[name];
  if (typeof value === "string") return value.split(/[,\s]+/u).filter(Boolean);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
};

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
  const redirectUri = (authenticatorID: number) => `${publicUrl()}${authenticatorCallbackPath(authenticatorID)}`;

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

  async function limit(limiter: typeof starts, request: FastifyRequest, reply: FastifyReply) {
    const result = await limiter.hit(clientOf(request).address);
    if (!result.allowed) throw tooManyRequests(reply, result.retryAfterSeconds);
  }

  const refuse = (reply: FastifyReply, reason: SsoRefusal) => reply.redirect(`/entry/signin?ssoError=${reason}`, 303);

  const cookieOptions = (request: FastifyRequest, path: string, maxAgeMs: number) => ({
    path,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: secureCookies(request),
    maxAge: Math.round(maxAgeMs / 1000),
  });

  /** Signed in: the account, linked when it is new to this provider, and the roles the claim names. */
  async function finish(request: FastifyRequest, reply: FastifyReply, userID: number, roles: string[], target: string) {
    await accounts.syncRoles(userID, roles);
    try {
      await accounts.signIn(userID, request, reply);
    } catch (error) {
      if (error instanceof HttpError) throw new Refusal(error.status === 403 ? "banned" : "account");
      throw error;
    }
    return reply.redirect(localTarget(target), 303);
  }

  return {
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
        const query = request.query as Record<string, unknown>;
        const state = typeof query["state"] === "string" ? query["state"] : "";
        const browser = request.cookies[BROWSER_COOKIE] ?? "";
        reply.clearCookie(BROWSER_COOKIE, { path: "/entry/oidc" });
        const taken = state ? await repo.takeState(hashToken(state)) : undefined;
        if (
          !taken ||
          taken.authenticatorID !== authenticatorID ||
          Date.parse(taken.dateExpires) <= platform.clock.nowMs() ||
          !safeEqual(hashToken(browser), taken.browserHash)
        )
          throw new Refusal("state");
        const row = await activeAuthenticator(authenticatorID);
        const config = await configurationOf(row).catch(() => {
          throw new Refusal("provider");
        });
        // The address the provider sent the browser to, rebuilt from the configured one and the query as sent.
        const rawQuery = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
        const currentUrl = new URL(`${redirectUri(authenticatorID)}${rawQuery}`);
        let claims: Record<string, unknown>;
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
        return await this.signInWith(row, claims, taken.target, request, reply);
      } catch (error) {
        if (error instanceof Refusal) return refuse(reply, error.reason);
        throw error;
      }
    },

    /** The provider's member, proven: signed in, linked, made, or sent to the connect page. */
    async signInWith(
      row: AuthenticatorRow,
      claims: Record<string, unknown>,
      target: string,
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      const mappings = mappingsOf(row);
      const subject = stringClaim(claims, "sub");
      if (!subject) throw new Refusal("token");
      const roles = listClaim(claims, mappings.roles);
      const linked = await repo.linkedUser(row.authenticatorID, subject);
      if (linked !== undefined) return finish(request, reply, linked, roles, target);
      const email = stringClaim(claims, mappings.email);
      const emailVerified = claims["email_verified"] === true;
      const name = stringClaim(claims, mappings.name) || stringClaim(claims, "name") || email.split("@")[0] || "";
      const now = platform.clock.nowIso();
      const existing = email ? await accounts.byEmail(email) : undefined;
      if (existing && row.markVerified === 1 && emailVerified) {
        await repo.link(row.authenticatorID, subject, existing.userID, now);
        return finish(request, reply, existing.userID, roles, target);
      }
      if (!existing && !isRegistrationOpenForConnect(await platform.siteConfig.get("registration.method")))
        throw new Refusal("closed");
      if (!existing && email && (await accounts.nameFree(name))) {
        const userID = await accounts
          .create({
            name,
            email,
            emailConfirmed: emailVerified,
            roleNames: roles,
            photoUrl: stringClaim(claims, mappings.photoUrl) || null,
            ip: request.ip,
          })
          .catch((error: unknown) => {
            if (error instanceof HttpError && error.status === 403) throw new Refusal("banned");
            throw error;
          });
        await repo.link(row.authenticatorID, subject, userID, now);
        return finish(request, reply, userID, roles, target);
      }
      if (!email) throw new Refusal("token");
      // A name to pick, or the existing account's password: the connect page finishes it.
      const token = randomToken();
      await repo.insertConnection({
        tokenHash: hashToken(token),
        authenticatorID: row.authenticatorID,
        subject,
        name,
        email,
        emailVerified: emailVerified ? 1 : 0,
        photoUrl: stringClaim(claims, mappings.photoUrl) || null,
        roles: JSON.stringify(roles),
        target: localTarget(target),
        dateExpires: new Date(platform.clock.nowMs() + authenticatorRules.connectionLifetimeMs).toISOString(),
      });
      reply.setCookie(CONNECTION_COOKIE, token, cookieOptions(request, "/", authenticatorRules.connectionLifetimeMs));
      return reply.redirect(connectPagePath, 303);
    },
  };
}

/**
 * Whether a first sign-in with another site may make an account: under the `connect` method it is the only
 * way in, and under basic and captcha one more; a closed site, one by invitation and one where an administrator
 * approves each member (not built for these accounts yet) make none.
 */
const isRegistrationOpenForConnect = (method: string) => ["connect", "basic", "captcha"].includes(method.toLowerCase());
