import type { FastifyReply, FastifyRequest } from "fastify";
import { authenticatorRules, connectPagePath, type SsoRefusal } from "@parley/contracts";
import { hashToken, randomToken, safeEqual } from "../../platform/auth/tokens.ts";
import type { Platform } from "../../platform/context.ts";
import { HttpError } from "../../platform/errors.ts";
import { tooManyRequests } from "../../platform/http/address-limits.ts";
import { clientOf } from "../../platform/http/client-address.ts";
import { secureCookies } from "../../platform/http/pagination.ts";
import type { ConnectedAccounts } from "../users/index.ts";
import { mappingsOf } from "./authenticators.present.ts";
import type { AuthenticatorRow, AuthenticatorsRepo, StateRow } from "./authenticators.repo.ts";

/** Binds a sign-in under way to the browser that started it (a state alone could be handed to someone else). */
export const BROWSER_COOKIE = "parley_sso";

export const isLoopback = (url: URL) => ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);

/** An address fetched from the server: https, or http on this machine (a test's provider). */
export const isFetchable = (address: string): boolean => {
  if (!URL.canParse(address)) return false;
  const url = new URL(address);
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url));
};

/** The first sign-in waiting on the connect page. */
export const CONNECTION_COOKIE = "parley_connect";

/** A refusal: the browser goes back to the sign-in page, which says why. */
export class Refusal extends Error {
  constructor(readonly reason: SsoRefusal) {
    super(reason);
  }
}

/** Whether a target is a path on this site: never another site (`//host`, `/\host`, a scheme). */
export const isLocalTarget = (target: unknown): target is string =>
  typeof target === "string" && /^\/(?![/\\])/u.test(target);

/** A path on this site to return to; anything else is the home page. */
export const localTarget = (target: unknown): string => (isLocalTarget(target) ? target : "/");

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

export const cookieOptions = (request: FastifyRequest, path: string, maxAgeMs: number) => ({
  path,
  httpOnly: true,
  sameSite: "lax" as const,
  secure: secureCookies(request),
  maxAge: Math.round(maxAgeMs / 1000),
});

/** The sign-in page, saying why the sign-in was refused. */
export const refuse = (reply: FastifyReply, reason: SsoRefusal) =>
  reply.redirect(`/entry/signin?ssoError=${reason}`, 303);

/** One request from this client address more, or 429. */
export async function limit(
  limiter: ReturnType<Platform["limiter"]>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const result = await limiter.hit(clientOf(request).address);
  if (!result.allowed) throw tooManyRequests(reply, result.retryAfterSeconds);
}

/**
 * A callback's `state`, taken once: it must be this authenticator's, unexpired, and started by this browser (its
 * cookie, cleared here); else the sign-in is refused as `state`.
 */
export async function takeCallbackState(
  repo: AuthenticatorsRepo,
  platform: Platform,
  authenticatorID: number,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<StateRow> {
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
  return taken;
}

/**
 * Keeps, with the session just started, the ID token it was signed in with, when the authenticator signs out at
 * the provider too: the end-session address's `id_token_hint`. Server side only; it goes with the session.
 */
export async function rememberIdToken(
  repo: AuthenticatorsRepo,
  row: AuthenticatorRow,
  request: FastifyRequest,
  idToken: string | null,
): Promise<void> {
  const session = request.viewer.session;
  if (!idToken || !session || row.type !== "oidc" || row.signOutAtProvider !== 1) return;
  await repo.rememberSessionToken(session.sessionID, row.authenticatorID, idToken);
}

/** Where a proven member lands: an account (and the roles the claim names), or the connect page's question. */
type Landing =
  | { userID: number; roles: string[] }
  | {
      connect: {
        subject: string;
        name: string;
        email: string;
        emailVerified: boolean;
        photoUrl: string | null;
        roles: string[];
      };
    };

/**
 * Where every authenticator's proven member lands (OpenID Connect's ID token, a host site's JWT): the linked
 * account signed in, or the account with the same confirmed address linked when the authenticator trusts its
 * addresses, or a new account made; otherwise the connect page asks for a name or for the existing account's
 * password. The roles the mapped claim names are given on every sign-in.
 */
export function createSsoLanding(repo: AuthenticatorsRepo, platform: Platform, accounts: ConnectedAccounts) {
  /** Signed in: the account, linked when it is new to this provider, and the roles the claim names. */
  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    signedIn: { row: AuthenticatorRow; userID: number; roles: string[]; target: string; idToken: string | null },
  ) {
    await accounts.syncRoles(signedIn.userID, signedIn.roles);
    try {
      await accounts.signIn(signedIn.userID, request, reply);
    } catch (error) {
      if (error instanceof HttpError) throw new Refusal(error.status === 403 ? "banned" : "account");
      throw error;
    }
    await rememberIdToken(repo, signedIn.row, request, signedIn.idToken);
    return reply.redirect(localTarget(signedIn.target), 303);
  }

  /**
   * Who the provider's member is here (claims checked by the caller): the linked account, or the account with the
   * same confirmed address linked when the authenticator trusts its addresses, or a new account made (and linked);
   * else what the connect page needs to finish it (a name to pick, or the existing account's password).
   */
  async function memberOf(row: AuthenticatorRow, claims: Record<string, unknown>, ip: string): Promise<Landing> {
    const mappings = mappingsOf(row);
    const subject = stringClaim(claims, "sub");
    if (!subject) throw new Refusal("token");
    const roles = listClaim(claims, mappings.roles);
    const linked = await repo.linkedUser(row.authenticatorID, subject);
    if (linked !== undefined) return { userID: linked, roles };
    const email = stringClaim(claims, mappings.email);
    const emailVerified = claims["email_verified"] === true;
    const name = stringClaim(claims, mappings.name) || stringClaim(claims, "name") || email.split("@")[0] || "";
    const now = platform.clock.nowIso();
    const existing = email ? await accounts.byEmail(email) : undefined;
    if (existing && row.markVerified === 1 && emailVerified) {
      await repo.link(row.authenticatorID, subject, existing.userID, now);
      return { userID: existing.userID, roles };
    }
    if (!existing && !isRegistrationOpenForConnect(await platform.siteConfig.get("registration.method")))
      throw new Refusal("closed");
    const photoUrl = stringClaim(claims, mappings.photoUrl) || null;
    if (!existing && email && (await accounts.nameFree(name))) {
      const userID = await accounts
        .create({ name, email, emailConfirmed: emailVerified, roleNames: roles, photoUrl, ip })
        .catch((error: unknown) => {
          if (error instanceof HttpError && error.status === 403) throw new Refusal("banned");
          throw error;
        });
      await repo.link(row.authenticatorID, subject, userID, now);
      return { userID, roles };
    }
    if (!email) throw new Refusal("token");
    return { connect: { subject, name, email, emailVerified, photoUrl, roles } };
  }

  return {
    memberOf,

    /** The provider's member, proven (claims checked by the caller): signed in, linked, made, or sent to connect. */
    async signInWith(
      row: AuthenticatorRow,
      claims: Record<string, unknown>,
      target: string,
      request: FastifyRequest,
      reply: FastifyReply,
      idToken: string | null = null,
    ) {
      const landed = await memberOf(row, claims, request.ip);
      if ("userID" in landed) return finish(request, reply, { row, ...landed, target, idToken });
      const { connect } = landed;
      // A name to pick, or the existing account's password: the connect page finishes it.
      const token = randomToken();
      await repo.insertConnection({
        tokenHash: hashToken(token),
        authenticatorID: row.authenticatorID,
        subject: connect.subject,
        name: connect.name,
        email: connect.email,
        emailVerified: connect.emailVerified ? 1 : 0,
        photoUrl: connect.photoUrl,
        roles: JSON.stringify(connect.roles),
        target: localTarget(target),
        dateExpires: new Date(platform.clock.nowMs() + authenticatorRules.connectionLifetimeMs).toISOString(),
        idToken,
      });
      reply.setCookie(
        CONNECTION_COOKIE,
        token,
        await platform.sessions.cookieOptions(request, "/", authenticatorRules.connectionLifetimeMs),
      );
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
