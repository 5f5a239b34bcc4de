import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import type { FastifyReply, FastifyRequest } from "fastify";
import { authenticatorRules } from "@parley/contracts";
import { hashToken } from "../../platform/auth/tokens.ts";
import type { Platform } from "../../platform/context.ts";
import type { ConnectedAccounts } from "../users/index.ts";
import { createSsoLanding, isLocalTarget, limit, refuse, Refusal } from "./authenticators.landing.ts";
import type { AuthenticatorRow, AuthenticatorsRepo } from "./authenticators.repo.ts";

/** How long a JWKS fetch may take, and how long its keys are kept before they are read again. */
const JWKS_TIMEOUT_MS = 5_000;
const JWKS_LIFETIME_MS = 10 * 60_000;

const audiencesOf = (token: string): string[] => {
  try {
    const { aud } = decodeJwt(token);
    return typeof aud === "string" ? [aud] : Array.isArray(aud) ? aud : [];
  } catch {
    return [];
  }
};

/** The query's authenticator ID, when it names one. */
const idOf = (value: unknown): number | null =>
  typeof value === "string" && /^[1-9]\d{0,9}$/u.test(value) ? Number(value) : null;

/** Why jose refused a token, as the sign-in page says it. */
function refusalOf(error: unknown): Refusal {
  if (error instanceof errors.JWTExpired) return new Refusal("expired");
  if (error instanceof errors.JWTClaimValidationFailed && ["nbf", "iat"].includes(error.claim))
    return new Refusal("expired");
  if (error instanceof errors.JWKSTimeout) return new Refusal("provider");
  if (error instanceof errors.JOSEError) return new Refusal("token");
  // The keys' address could not be read (refused, unreachable, not JSON).
  return new Refusal("provider");
}

/**
 * JWT SSO (issue 34, jsConnect's successor idea): the host site, where the member is already signed in, signs a
 * short-lived token and sends the browser to `/entry/jwt?token=…`. jose checks it: the authenticator's algorithm
 * only (HS256 with the shared secret, or RS256 with a key from the host's JWKS), its audience (the
 * authenticator's client ID), its issuer when one is set, `exp` and `nbf`, and an `iat` at most
 * `jwtMaxAgeMs` old, all with `jwtClockSkewMs` of tolerance and on the platform's clock. Each token signs in
 * once: its `jti` (or, without one, the token itself) is recorded, hashed, until the token could no longer be
 * accepted anyway. The member then lands as an OpenID Connect one does (linked, made, or the connect page).
 */
export function createJwtSignIn(repo: AuthenticatorsRepo, platform: Platform, accounts: ConnectedAccounts) {
  const landing = createSsoLanding(repo, platform, accounts);
  const entries = platform.limiter("sso-jwt-ip", 60, 15 * 60_000);
  const keySets = new Map<string, { keys: JWTVerifyGetKey; until: number }>();

  function keysOf(row: AuthenticatorRow): JWTVerifyGetKey | Uint8Array {
    if (row.signingAlgorithm !== "RS256") return new TextEncoder().encode(row.secret);
    const cached = keySets.get(row.jwksUrl);
    if (cached && cached.until > Date.now()) return cached.keys;
    const keys = createRemoteJWKSet(new URL(row.jwksUrl), { timeoutDuration: JWKS_TIMEOUT_MS });
    keySets.set(row.jwksUrl, { keys, until: Date.now() + JWKS_LIFETIME_MS });
    return keys;
  }

  /** The authenticator the link names, else the one JWT authenticator whose audience the token names. */
  async function authenticatorFor(query: Record<string, unknown>, token: string): Promise<AuthenticatorRow> {
    const active = (await repo.list(["jwt"])).filter((row) => row.active === 1);
    const id = idOf(query["authenticatorID"]);
    const audiences = audiencesOf(token);
    const row =
      id !== null
        ? active.find((candidate) => candidate.authenticatorID === id)
        : active.length === 1
          ? active[0]
          : active.find((candidate) => audiences.includes(candidate.clientID));
    if (!row) throw new Refusal("disabled");
    return row;
  }

  async function verify(row: AuthenticatorRow, token: string): Promise<JWTPayload> {
    const algorithm = row.signingAlgorithm === "RS256" ? "RS256" : "HS256";
    const options = {
      algorithms: [algorithm],
      audience: row.clientID,
      ...(row.issuer ? { issuer: row.issuer } : {}),
      clockTolerance: Math.round(authenticatorRules.jwtClockSkewMs / 1000),
      maxTokenAge: Math.round(authenticatorRules.jwtMaxAgeMs / 1000),
      currentDate: new Date(platform.clock.nowMs()),
      requiredClaims: ["exp", "iat", "sub"],
    };
    try {
      const keys = keysOf(row);
      const { payload } =
        keys instanceof Uint8Array ? await jwtVerify(token, keys, options) : await jwtVerify(token, keys, options);
      return payload;
    } catch (error) {
      throw refusalOf(error);
    }
  }

  /** The token's one use, or `used`: kept until its `exp` or its age limit, whichever comes first. */
  async function spend(row: AuthenticatorRow, token: string, claims: JWTPayload): Promise<void> {
    const skew = authenticatorRules.jwtClockSkewMs;
    const lastAccepted = Math.min(claims.exp! * 1000, claims.iat! * 1000 + authenticatorRules.jwtMaxAgeMs) + skew;
    const key = typeof claims.jti === "string" && claims.jti ? `jti:${claims.jti}` : `token:${token}`;
    const fresh = await repo.useToken(
      hashToken(`${row.authenticatorID}:${key}`),
      row.authenticatorID,
      new Date(lastAccepted).toISOString(),
      platform.clock.nowIso(),
    );
    if (!fresh) throw new Refusal("used");
  }

  return {
    /**
     * `GET /entry/jwt?token=…[&target=/path][&authenticatorID=N]`: a target off this site is refused before the
     * token is looked at (a signed link must not send anyone elsewhere); then the token is checked and spent, and
     * its member signed in.
     */
    async enter(request: FastifyRequest, reply: FastifyReply) {
      await limit(entries, request, reply);
      reply.header("cache-control", "no-store");
      reply.header("referrer-policy", "no-referrer");
      try {
        const query = request.query as Record<string, unknown>;
        const target = query["target"] ?? "/";
        if (!isLocalTarget(target)) throw new Refusal("target");
        const token = typeof query["token"] === "string" ? query["token"] : "";
        if (!token) throw new Refusal("token");
        const row = await authenticatorFor(query, token);
        const claims = await verify(row, token);
        await spend(row, token, claims);
        return await landing.signInWith(row, { ...claims }, target, request, reply);
      } catch (error) {
        if (error instanceof Refusal) return refuse(reply, error.reason);
        throw error;
      }
    },
  };
}
