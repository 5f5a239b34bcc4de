import * as oidc from "openid-client";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  authenticatorCallbackPath,
  authenticatorMessages,
  authenticatorRules,
  ssoRefusalMessages,
  type OAuthTokenPost,
} from "@parley/contracts";
import { hashToken, randomToken } from "../../platform/auth/tokens.ts";
import type { Platform } from "../../platform/context.ts";
import { badRequest, HttpError } from "../../platform/errors.ts";
import { clientOf } from "../../platform/http/client-address.ts";
import { safeFetch } from "../../platform/http/safe-fetch.ts";
import { allowedHostsOf } from "../../platform/site-config.ts";
import type { ConnectedAccounts } from "../users/index.ts";
import {
  BROWSER_COOKIE,
  cookieOptions,
  createSsoLanding,
  isFetchable,
  limit,
  localTarget,
  Refusal,
  refuse,
  takeCallbackState,
} from "./authenticators.landing.ts";
import { oauth2MappingsOf } from "./authenticators.oauth2-settings.ts";
import type { AuthenticatorRow, AuthenticatorsRepo } from "./authenticators.repo.ts";

/** How long the provider may take to answer one request, and how much of its answer is read. */
const PROVIDER_TIMEOUT_MS = 5_000;
const ANSWER_MAX_BYTES = 256 * 1024;

/** The value at a profile key: the key itself when the profile has it, else a dotted path (`data.user.id`). */
export function valueAt(profile: Record<string, unknown>, key: string | null | undefined): unknown {
  if (!key) return undefined;
  if (Object.hasOwn(profile, key)) return profile[key];
  let value: unknown = profile;
  for (const part of key.split(".")) {
    if (Array.isArray(value) && /^\d+$/u.test(part)) value = value[Number(part)];
    else if (value !== null && typeof value === "object" && Object.hasOwn(value, part))
      value = (value as Record<string, unknown>)[part];
    else return undefined;
  }
  return value;
}

/**
 * The profile as the landing reads claims: the member's ID as `sub`, and each mapped value under its mapping's
 * name. The provider's addresses are trusted when the authenticator says so, or when its profile says this one
 * is verified.
 */
export function claimsOf(row: AuthenticatorRow, profile: Record<string, unknown>): Record<string, unknown> {
  const mappings = oauth2MappingsOf(row);
  const claims: Record<string, unknown> = {};
  for (const key of [mappings.name, mappings.email, mappings.photoUrl, mappings.roles])
    if (key) claims[key] = valueAt(profile, key);
  const fullName = valueAt(profile, mappings.fullName);
  if (claims["name"] === undefined && typeof fullName === "string") claims["name"] = fullName;
  const id = valueAt(profile, mappings.uniqueID);
  claims["sub"] = typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? String(id) : "";
  claims["email_verified"] = row.markVerified === 1 || profile["email_verified"] === true;
  return claims;
}

/** What a provider's answer may be: JSON, or a form-encoded pair list (older providers), or text saying so. */
const ANSWER_TYPES = ["application/json", "application/x-www-form-urlencoded", "text/plain"];

/**
 * The provider, asked once: https (or http on this machine), no redirects followed, a time and size limit, and
 * never a private or loopback address (platform/http/safe-fetch.ts) unless its host is in
 * `authenticators.allowedHosts`.
 */
async function askProvider(
  address: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
  allowedHosts: readonly string[],
): Promise<{ status: number; body: unknown }> {
  if (!isFetchable(address)) throw new Refusal("provider");
  const answer = await safeFetch(address, {
    ...init,
    allowedHosts,
    accept: ANSWER_TYPES,
    readErrors: true,
    maxRedirects: 0,
    maxBytes: ANSWER_MAX_BYTES,
    timeoutMs: PROVIDER_TIMEOUT_MS,
  }).catch(() => {
    throw new Refusal("provider");
  });
  if (answer.truncated) throw new Refusal("provider");
  let body: unknown = null;
  try {
    body =
      answer.contentType === "application/x-www-form-urlencoded"
        ? Object.fromEntries(new URLSearchParams(answer.body))
        : JSON.parse(answer.body);
  } catch {
    body = null;
  }
  return { status: answer.status, body };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * A generic OAuth 2 provider (issue 36, Vanilla's OAuth2 add-on), configured by hand: the authorization code flow
 * with a state kept hashed for single use and bound to the browser by a cookie, as OpenID Connect's is, and a PKCE
 * challenge (S256; a provider without PKCE ignores it). The code is exchanged at the token address (the client
 * authenticated by HTTP Basic or in the body, as set), the profile read with the access token, its keys mapped,
 * and the member lands as with OpenID Connect. No ID token: the profile answer is what proves the member.
 */
export function createOAuth2SignIn(repo: AuthenticatorsRepo, platform: Platform, accounts: ConnectedAccounts) {
  const starts = platform.limiter("oauth2-start-ip", 30, 15 * 60_000);
  const callbacks = platform.limiter("oauth2-callback-ip", 30, 15 * 60_000);
  const exchanges = platform.limiter("oauth2-token-ip", 60, 15 * 60_000);
  const landing = createSsoLanding(repo, platform, accounts);
  const allowedHosts = async () => allowedHostsOf(await platform.siteConfig.get("authenticators.allowedHosts"));
  const redirectUri = (authenticatorID: number) =>
    `${platform.config.publicUrl}${authenticatorCallbackPath(authenticatorID)}`;

  /** The code for an access token; a refusal the provider explains is logged with its `error`. */
  async function exchange(row: AuthenticatorRow, code: string, codeVerifier: string, request: FastifyRequest) {
    const body = new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri(row.authenticatorID),
      code_verifier: codeVerifier,
    });
    const headers: Record<string, string> = {
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
    };
    if (row.useBasicAuthToken === 1) {
      // RFC 6749 2.3.1: each part form-encoded before the pair is encoded.
      const pair = `${encodeURIComponent(row.clientID)}:${encodeURIComponent(row.secret)}`;
      headers["authorization"] = `Basic ${Buffer.from(pair).toString("base64")}`;
    } else {
      body.set("client_id", row.clientID);
      body.set("client_secret", row.secret);
    }
    const answer = await askProvider(
      row.tokenUrl,
      { method: "POST", headers, body: body.toString() },
      await allowedHosts(),
    );
    const token = isObject(answer.body) ? answer.body["access_token"] : undefined;
    if (answer.status !== 200 || typeof token !== "string" || !token) {
      const error = isObject(answer.body) ? answer.body["error"] : undefined;
      request.log.warn(
        { status: answer.status, error: typeof error === "string" ? error : null },
        "The OAuth 2 provider refused the code",
      );
      throw new Refusal("provider");
    }
    return token;
  }

  async function profileOf(row: AuthenticatorRow, accessToken: string): Promise<Record<string, unknown>> {
    const post = row.postProfileRequest === 1;
    const url = new URL(row.profileUrl);
    const headers: Record<string, string> = { accept: "application/json" };
    let body: string | undefined;
    if (row.useBearerToken === 1) headers["authorization"] = `Bearer ${accessToken}`;
    else if (post) body = new URLSearchParams({ access_token: accessToken }).toString();
    else url.searchParams.set("access_token", accessToken);
    if (post) headers["content-type"] = "application/x-www-form-urlencoded";
    const method = post ? ("POST" as const) : ("GET" as const);
    const answer = await askProvider(url.href, { method, headers, ...(body ? { body } : {}) }, await allowedHosts());
    if (answer.status !== 200) throw new Refusal("provider");
    if (!isObject(answer.body)) throw new Refusal("token");
    return answer.body;
  }

  return {
    /** `GET /entry/oidc/{id}` for an OAuth 2 authenticator: to its authorization address with a new state. */
    async start(row: AuthenticatorRow, target: unknown, request: FastifyRequest, reply: FastifyReply) {
      await limit(starts, request, reply);
      if (row.active !== 1) return refuse(reply, "disabled");
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const browser = randomToken();
      const now = platform.clock.nowMs();
      await repo.forgetExpiredStates(new Date(now).toISOString());
      await repo.insertState({
        stateHash: hashToken(state),
        authenticatorID: row.authenticatorID,
        browserHash: hashToken(browser),
        codeVerifier,
        nonce: "",
        target: localTarget(target),
        dateExpires: new Date(now + authenticatorRules.stateLifetimeMs).toISOString(),
      });
      reply.setCookie(
        BROWSER_COOKIE,
        browser,
        cookieOptions(request, "/entry/oidc", authenticatorRules.stateLifetimeMs),
      );
      const url = new URL(row.authorizeUrl);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", row.clientID);
      url.searchParams.set("redirect_uri", redirectUri(row.authenticatorID));
      if (row.scope) url.searchParams.set("scope", row.scope);
      if (row.prompt) url.searchParams.set("prompt", row.prompt);
      url.searchParams.set("state", state);
      url.searchParams.set("code_challenge", await oidc.calculatePKCECodeChallenge(codeVerifier));
      url.searchParams.set("code_challenge_method", "S256");
      return reply.redirect(url.href, 303);
    },

    /**
     * `POST /tokens/oauth`: the member an OAuth 2 provider's access token belongs to, found as the callback finds
     * them (the active authenticator with this client ID asked for its profile, the profile mapped, the member
     * linked, or made when new), and allowed to sign in. 403 while `authenticators.tokenExchange` is off, 404 for an
     * unknown client ID, 403 when the provider refuses the token or the member must finish on the connect page, 400
     * for a profile that cannot be read.
     */
    async memberForToken(body: OAuthTokenPost, request: FastifyRequest, reply: FastifyReply): Promise<number> {
      await limit(exchanges, request, reply);
      const { clientID, oauthAccessToken } = body;
      const ip = clientOf(request).address;
      if (!(await platform.siteConfig.get("authenticators.tokenExchange")))
        throw new HttpError(403, authenticatorMessages.oauthExchangeOff);
      const row = await repo.activeOAuth2ByClientID(clientID);
      if (!row) throw new HttpError(404, authenticatorMessages.oauthClientUnknown);
      try {
        const landed = await landing.memberOf(row, claimsOf(row, await profileOf(row, oauthAccessToken)), ip);
        if (!("userID" in landed)) throw new HttpError(403, authenticatorMessages.oauthConnectFirst);
        await accounts.syncRoles(landed.userID, landed.roles);
        await accounts.usableAccount(landed.userID, ip);
        return landed.userID;
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        if (error.reason === "token") throw badRequest(authenticatorMessages.oauthProfileMalformed);
        throw new HttpError(403, ssoRefusalMessages[error.reason]);
      }
    },

    /**
     * `GET /entry/oidc/{id}/callback` for an OAuth 2 authenticator: the state taken (once, by this browser), the
     * code exchanged, the profile read and mapped; then the landing signs in, links, makes or asks.
     */
    async callback(authenticatorID: number, request: FastifyRequest, reply: FastifyReply) {
      await limit(callbacks, request, reply);
      try {
        const query = request.query as Record<string, unknown>;
        const taken = await takeCallbackState(repo, platform, authenticatorID, request, reply);
        const row = await repo.byId(authenticatorID);
        if (!row || row.type !== "oauth2" || row.active !== 1) throw new Refusal("disabled");
        const code = typeof query["code"] === "string" ? query["code"] : "";
        if (!code) throw new Refusal("provider");
        const accessToken = await exchange(row, code, taken.codeVerifier, request);
        const claims = claimsOf(row, await profileOf(row, accessToken));
        return await landing.signInWith(row, claims, taken.target, request, reply);
      } catch (error) {
        if (error instanceof Refusal) return refuse(reply, error.reason);
        throw error;
      }
    },
  };
}
