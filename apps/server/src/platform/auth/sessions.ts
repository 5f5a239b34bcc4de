import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../clock.ts";
import { HttpError } from "../errors.ts";
import { secureCookies } from "../http/pagination.ts";
import type { AuthRepo, UserRights, UserRow } from "./auth.repo.ts";
import type { PermissionsService } from "./permissions.ts";
import { ROLE_TOKEN_PARAM, type RoleTokens } from "./role-tokens.ts";
import { hashToken, randomToken } from "./tokens.ts";
import type { Viewer } from "./viewer.ts";

export const SESSION_COOKIE = "parley_session";
/**
 * The session of a frame in a host page of another site (issue 34): `SameSite=None; Secure; Partitioned`
 * (CHIPS), so the browser keeps it in that host's partition only and sends it nowhere else.
 */
export const EMBED_SESSION_COOKIE = "parley_embed_session";
const DAY = 86_400_000;
/** A "remember me" session lasts 30 days from its last use; another one 2 days. */
const PERSISTENT_LIFETIME = 30 * DAY;
const BROWSER_LIFETIME = 2 * DAY;
/** Last-use dates are written at most this often, not on every request. */
const TOUCH_INTERVAL = 10 * 60_000;

declare module "fastify" {
  interface FastifyRequest {
    viewer: Viewer;
  }
  interface FastifyContextConfig {
    /** The route checks `Authorization` itself (`/metrics`' token): it is not read as an access token. */
    ownAuthorization?: boolean;
    /**
     * A GET whose answer depends on the viewer's roles only, never on who they are: it may be read with a role token
     * (`?role-token=`, `POST /tokens/roles`) instead of a session.
     */
    roleToken?: boolean;
  }
}

/**
 * The embed frame's cookies (session and marker): sent in a cross-site frame (`SameSite=None`, which needs
 * `Secure`; browsers take Secure cookies from https, http://localhost and http://127.0.0.1 only) and kept in the
 * host's partition (`Partitioned`).
 */
export const embedCookieOptions = {
  path: "/",
  httpOnly: true,
  sameSite: "none",
  secure: true,
  partitioned: true,
} as const;

const laxCookieOptions = (request: FastifyRequest) =>
  ({ path: "/", httpOnly: true, sameSite: "lax", secure: secureCookies(request) }) as const;

/**
 * Which sessions are an embed frame's (the embed feature's rule): `allowed`, the site's setup allows them at all
 * (without it the partitioned cookie is never the session); `inFrame`, the request comes from the frame of a host
 * page on another site, so the session it starts goes in the partitioned cookie.
 */
export interface EmbedRule {
  allowed: () => Promise<boolean>;
  inFrame: (request: FastifyRequest) => boolean;
}

export interface SessionsOptions {
  repo: AuthRepo;
  permissions: PermissionsService;
  clock: Clock;
  roleTokens: RoleTokens;
  /** A signed-in request's member, once per request (who's online: `platform/presence.ts`). */
  onSeen?: (userID: number) => void;
}

/**
 * Sessions: opaque random tokens in an httpOnly SameSite=Lax cookie (Secure behind https), stored
 * hashed; bearer access tokens for API clients. Every request gets `request.viewer`. A session started in
 * an embed frame (`embeddedWhen`, the embed feature's rule) goes in the partitioned `EMBED_SESSION_COOKIE`
 * instead, which is the session when the browser sends it (only in that host's partition) while the site's setup
 * allows the frame's sessions, and is dropped otherwise.
 */
export function createSessions({ repo, permissions, clock, roleTokens, onSeen }: SessionsOptions) {
  /** Asked, before a session is signed out, where the browser goes next (the first address given wins). */
  const signOutHandlers: Array<(sessionID: string, request: FastifyRequest) => Promise<string | null>> = [];
  let embed: EmbedRule = { allowed: async () => false, inFrame: () => false };
  /** Whether a session started by this request goes in the partitioned cookie. */
  const embedded = async (request: FastifyRequest) => embed.inFrame(request) && (await embed.allowed());
  let guestRoleIDs: Promise<number[]> | null = null;
  const guestRoles = () => (guestRoleIDs ??= repo.roleIDsOfType("guest"));
  // A role may gain or lose the guest type (PATCH /roles/{id}, PUT /roles/defaults): read them again then.
  permissions.onInvalidate(() => {
    guestRoleIDs = null;
  });

  async function guest(): Promise<Viewer> {
    const roleIDs = await guestRoles();
    return {
      userID: 0,
      user: null,
      roleIDs,
      memberships: [],
      permissions: await permissions.forRoles(roleIDs),
      via: "guest",
      session: null,
    };
  }

  /** The viewer a member is; `rights` when the caller has just read them (a session's own query). */
  async function viewerFor(
    user: UserRow,
    via: Viewer["via"],
    session: Viewer["session"],
    rights?: UserRights,
  ): Promise<Viewer> {
    const { roleIDs, memberships } = rights ?? (await repo.rolesAndMembershipsOfUser(user.userID));
    return {
      userID: user.userID,
      user,
      roleIDs,
      memberships,
      permissions: await permissions.forRoles(roleIDs, user.isAdmin >= 1, memberships),
      via,
      session,
    };
  }

  async function fromCookie(token: string, inFrame: boolean): Promise<Viewer | null> {
    const sessionID = hashToken(token);
    const found = await repo.sessionWithUser(sessionID);
    if (!found) return null;
    const now = clock.nowMs();
    if (Date.parse(found.session.dateExpires) <= now) {
      await repo.deleteSession(sessionID);
      return null;
    }
    if (now - Date.parse(found.session.dateLastUsed) > TOUCH_INTERVAL) {
      const lifetime = found.session.persist === 1 ? PERSISTENT_LIFETIME : BROWSER_LIFETIME;
      await repo.touchSession(sessionID, new Date(now).toISOString(), new Date(now + lifetime).toISOString());
    }
    const session = { sessionID, transientKey: found.session.transientKey };
    return viewerFor(found.user, "cookie", inFrame ? { ...session, embedded: true } : session, found.rights);
  }

  async function fromBearer(token: string): Promise<Viewer | null> {
    const tokenHash = hashToken(token);
    const user = await repo.userByAccessToken(tokenHash, clock.nowIso());
    if (!user) return null;
    await repo.touchAccessToken(tokenHash, clock.nowIso());
    return viewerFor(user, "bearer", null);
  }

  /**
   * A request with `?role-token=`: a GET (or HEAD) to a route that allows one, with no other sign-in; read as a guest
   * holding the token's roles (no user, no groups). 401 for a token that is expired, tampered with or malformed.
   */
  async function fromRoleToken(request: FastifyRequest, token: unknown, signedIn: boolean): Promise<Viewer> {
    if (request.method !== "GET" && request.method !== "HEAD")
      throw new HttpError(405, "A role token only reads: it cannot be used to change anything.");
    if (!request.routeOptions.config.roleToken)
      throw new HttpError(403, "A role token cannot be used to authenticate to this endpoint.");
    if (signedIn) throw new HttpError(403, "A role token cannot be used together with another way of signing in.");
    if (typeof token !== "string" || !token) throw new HttpError(401, "Invalid role token.");
    const roleIDs = await roleTokens.verify(token);
    return {
      userID: 0,
      user: null,
      roleIDs,
      memberships: [],
      permissions: await permissions.forRoles(roleIDs),
      via: "role-token",
      session: null,
    };
  }

  function setCookie(request: FastifyRequest, reply: FastifyReply, token: string, persist: boolean, inFrame: boolean) {
    const lifetime = persist ? { maxAge: PERSISTENT_LIFETIME / 1000 } : {};
    if (inFrame) reply.setCookie(EMBED_SESSION_COOKIE, token, { ...embedCookieOptions, ...lifetime });
    else reply.setCookie(SESSION_COOKIE, token, { ...laxCookieOptions(request), ...lifetime });
  }

  /** Clears a session cookie the request came with (the partitioned one only with its own attributes). */
  function clearCookie(request: FastifyRequest, reply: FastifyReply, name: string): void {
    if (request.cookies[name] === undefined) return;
    if (name === EMBED_SESSION_COOKIE) reply.clearCookie(EMBED_SESSION_COOKIE, embedCookieOptions);
    else reply.clearCookie(name, { path: "/" });
  }

  return {
    guest,
    viewerFor,

    /** Signs a user in: a new session row and its cookie. */
    async start(request: FastifyRequest, reply: FastifyReply, user: UserRow, persist: boolean): Promise<Viewer> {
      const token = randomToken();
      const sessionID = hashToken(token);
      const transientKey = randomToken(18);
      const now = clock.nowMs();
      const inFrame = await embedded(request);
      await repo.insertSession({
        sessionID,
        userID: user.userID,
        transientKey,
        persist: persist ? 1 : 0,
        dateInserted: new Date(now).toISOString(),
        dateLastUsed: new Date(now).toISOString(),
        dateExpires: new Date(now + (persist ? PERSISTENT_LIFETIME : BROWSER_LIFETIME)).toISOString(),
        userAgent: request.headers["user-agent"]?.slice(0, 255) ?? null,
        ipAddress: request.ip,
      });
      setCookie(request, reply, token, persist, inFrame);
      return viewerFor(
        user,
        "cookie",
        inFrame ? { sessionID, transientKey, embedded: true } : { sessionID, transientKey },
      );
    },

    /**
     * The options of a cookie that goes with signing in (the two-factor step, the connect page, a remembered
     * device): in an embed frame partitioned like the session it leads to, else `SameSite=Lax`. Without a
     * lifetime: the options that clear it.
     */
    async cookieOptions(request: FastifyRequest, path: string, maxAgeMs?: number) {
      const base = (await embedded(request)) ? embedCookieOptions : laxCookieOptions(request);
      return { ...base, path, ...(maxAgeMs === undefined ? {} : { maxAge: Math.floor(maxAgeMs / 1000) }) };
    },

    /** The embed feature's rule for the frame's sessions (see `EmbedRule`). */
    embeddedWhen(rule: EmbedRule): void {
      embed = rule;
    },

    /**
     * A feature that must act when a session signs out (an OpenID Connect provider's own sign-out): it answers
     * where the browser should go once signed out here, or null.
     */
    onSignOut(handler: (sessionID: string, request: FastifyRequest) => Promise<string | null>): void {
      signOutHandlers.push(handler);
    },

    /**
     * Signs the request's session out and clears the cookie; answers where the browser goes next when a feature
     * asked for it (read before the session's row, and what hangs on it, is deleted), else null. A request that
     * carries both session cookies (a frame's partition that is also the forum's own) signs both out, so the
     * other does not take over.
     */
    async end(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
      let next: string | null = null;
      const session = request.viewer.session;
      if (session) {
        for (const handler of signOutHandlers) {
          next ??= await handler(session.sessionID, request);
        }
        await repo.deleteSession(session.sessionID);
      }
      for (const name of [EMBED_SESSION_COOKIE, SESSION_COOKIE]) {
        const token = request.cookies[name];
        if (token && hashToken(token) !== session?.sessionID) await repo.deleteSession(hashToken(token));
        clearCookie(request, reply, name);
      }
      return next;
    },

    /**
     * Resolves `request.viewer` on every request: bearer token, else session cookie, else role token (where the route
     * allows one), else guest.
     */
    register(app: FastifyInstance): void {
      app.decorateRequest("viewer", null as unknown as Viewer);
      app.addHook("onRequest", async (request, reply) => {
        // A route that reads Authorization itself (`/metrics`' own token) takes no access token from it.
        const authorization = request.routeOptions.config.ownAuthorization ? undefined : request.headers.authorization;
        const query = request.query as Record<string, unknown> | undefined;
        const queryToken = query?.["access_token"];
        const bearer = authorization?.startsWith("Bearer ")
          ? authorization.slice(7).trim()
          : typeof queryToken === "string"
            ? queryToken
            : null;
        const roleToken = query?.[ROLE_TOKEN_PARAM];
        if (roleToken !== undefined && bearer) await fromRoleToken(request, roleToken, true);
        if (bearer) {
          const viewer = await fromBearer(bearer);
          if (!viewer) throw new HttpError(401, "Invalid access token.");
          request.viewer = viewer;
          onSeen?.(viewer.userID);
          return;
        }
        // The partitioned cookie comes only in its host's frame: there it is the session, while the site's setup
        // allows the frame's sessions (else it is dropped).
        const framed = request.cookies[EMBED_SESSION_COOKIE];
        let viewer = framed && (await embed.allowed()) ? await fromCookie(framed, true) : null;
        if (framed && !viewer) clearCookie(request, reply, EMBED_SESSION_COOKIE);
        const cookie = viewer ? undefined : request.cookies[SESSION_COOKIE];
        if (cookie) {
          viewer = await fromCookie(cookie, false);
          if (!viewer) clearCookie(request, reply, SESSION_COOKIE);
        }
        if (roleToken !== undefined) {
          request.viewer = await fromRoleToken(request, roleToken, viewer !== null);
          return;
        }
        request.viewer = viewer ?? (await guest());
        if (viewer) onSeen?.(viewer.userID);
      });
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
