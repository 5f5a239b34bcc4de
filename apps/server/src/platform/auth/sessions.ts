import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../clock.ts";
import { HttpError } from "../errors.ts";
import { secureCookies } from "../http/pagination.ts";
import type { AuthRepo, UserRow } from "./auth.repo.ts";
import type { PermissionsService } from "./permissions.ts";
import { hashToken, randomToken } from "./tokens.ts";
import type { Viewer } from "./viewer.ts";

export const SESSION_COOKIE = "parley_session";
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
}

export interface SessionsOptions {
  repo: AuthRepo;
  permissions: PermissionsService;
  clock: Clock;
  /** A signed-in request's member, once per request (who's online: `platform/presence.ts`). */
  onSeen?: (userID: number) => void;
}

/**
 * Sessions: opaque random tokens in an httpOnly SameSite=Lax cookie (Secure behind https), stored
 * hashed; bearer access tokens for API clients. Every request gets `request.viewer`.
 */
export function createSessions({ repo, permissions, clock, onSeen }: SessionsOptions) {
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

  async function viewerFor(user: UserRow, via: Viewer["via"], session: Viewer["session"]): Promise<Viewer> {
    const { roleIDs, memberships } = await repo.rolesAndMembershipsOfUser(user.userID);
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

  async function fromCookie(token: string): Promise<Viewer | null> {
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
    return viewerFor(found.user, "cookie", { sessionID, transientKey: found.session.transientKey });
  }

  async function fromBearer(token: string): Promise<Viewer | null> {
    const tokenHash = hashToken(token);
    const user = await repo.userByAccessToken(tokenHash, clock.nowIso());
    if (!user) return null;
    await repo.touchAccessToken(tokenHash, clock.nowIso());
    return viewerFor(user, "bearer", null);
  }

  function setCookie(request: FastifyRequest, reply: FastifyReply, token: string, persist: boolean): void {
    reply.setCookie(SESSION_COOKIE, token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(request),
      ...(persist ? { maxAge: PERSISTENT_LIFETIME / 1000 } : {}),
    });
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
      setCookie(request, reply, token, persist);
      return viewerFor(user, "cookie", { sessionID, transientKey });
    },

    /** Signs the request's session out and clears the cookie. */
    async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (request.viewer.session) await repo.deleteSession(request.viewer.session.sessionID);
      if (request.cookies[SESSION_COOKIE] !== undefined) reply.clearCookie(SESSION_COOKIE, { path: "/" });
    },

    /** Resolves `request.viewer` on every request: bearer token, else session cookie, else guest. */
    register(app: FastifyInstance): void {
      app.decorateRequest("viewer", null as unknown as Viewer);
      app.addHook("onRequest", async (request, reply) => {
        const authorization = request.headers.authorization;
        const queryToken = (request.query as Record<string, unknown> | undefined)?.["access_token"];
        const bearer = authorization?.startsWith("Bearer ")
          ? authorization.slice(7).trim()
          : typeof queryToken === "string"
            ? queryToken
            : null;
        if (bearer) {
          const viewer = await fromBearer(bearer);
          if (!viewer) throw new HttpError(401, "Invalid access token.");
          request.viewer = viewer;
          onSeen?.(viewer.userID);
          return;
        }
        const cookie = request.cookies[SESSION_COOKIE];
        const viewer = cookie ? await fromCookie(cookie) : null;
        if (cookie && !viewer) reply.clearCookie(SESSION_COOKIE, { path: "/" });
        request.viewer = viewer ?? (await guest());
        if (viewer) onSeen?.(viewer.userID);
      });
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
