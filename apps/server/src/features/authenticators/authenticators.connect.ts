import type { FastifyReply, FastifyRequest } from "fastify";
import { authenticatorMessages, type ConnectBody, type PendingConnection } from "@parley/contracts";
import { hashToken } from "../../platform/auth/tokens.ts";
import type { Platform } from "../../platform/context.ts";
import { fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import { tooManyRequests } from "../../platform/http/address-limits.ts";
import { clientOf } from "../../platform/http/client-address.ts";
import type { ConnectedAccounts } from "../users/index.ts";
import { labelOf } from "./authenticators.present.ts";
import type { AuthenticatorsRepo, ConnectionRow } from "./authenticators.repo.ts";
import { CONNECTION_COOKIE, localTarget, rememberIdToken } from "./authenticators.landing.ts";

/**
 * The connect page's calls: a first sign-in whose name is taken picks another, and one whose e-mail address
 * names an account the provider is not trusted with links to it with that account's password.
 */
export function createConnections(repo: AuthenticatorsRepo, platform: Platform, accounts: ConnectedAccounts) {
  const passwords = platform.limiter("sso-connect-ip", 10, 15 * 60_000);

  async function pending(request: FastifyRequest): Promise<ConnectionRow> {
    const token = request.cookies[CONNECTION_COOKIE];
    const row = token ? await repo.connection(hashToken(token)) : undefined;
    if (!row || Date.parse(row.dateExpires) <= platform.clock.nowMs())
      throw new HttpError(404, authenticatorMessages.connectionExpired);
    return row;
  }

  return {
    /** `GET /authenticators/connection`: what the connect page asks for. */
    async get(request: FastifyRequest): Promise<PendingConnection> {
      const row = await pending(request);
      const authenticator = await repo.byId(row.authenticatorID);
      const existing = await accounts.byEmail(row.email);
      return {
        authenticatorName: authenticator ? labelOf(authenticator) : "",
        name: row.name,
        email: row.email,
        mode: existing ? "link" : "register",
        nameTaken: !(await accounts.nameFree(row.name)),
      };
    },

    /** `POST /authenticators/connection`: a name for the new account, or the existing account's password. */
    async finish(body: ConnectBody, request: FastifyRequest, reply: FastifyReply) {
      const row = await pending(request);
      const authenticator = await repo.byId(row.authenticatorID);
      if (!authenticator || authenticator.active !== 1)
        throw new HttpError(404, authenticatorMessages.connectionExpired);
      const roles = JSON.parse(row.roles) as string[];
      const existing = await accounts.byEmail(row.email);
      let userID: number;
      if (existing) {
        const limited = await passwords.peek(clientOf(request).address);
        if (!limited.allowed) throw tooManyRequests(reply, limited.retryAfterSeconds);
        if (!body.password || !(await accounts.passwordMatches(existing.userID, body.password))) {
          await passwords.hit(clientOf(request).address);
          throw validationFailed([fieldError("password", "passwordWrong", authenticatorMessages.passwordWrong)]);
        }
        userID = existing.userID;
      } else {
        const name = body.name?.trim() ?? "";
        if (!(await accounts.nameFree(name)))
          throw validationFailed([fieldError("name", "nameTaken", authenticatorMessages.nameTaken)]);
        userID = await accounts.create({
          name,
          email: row.email,
          emailConfirmed: row.emailVerified === 1,
          roleNames: roles,
          photoUrl: row.photoUrl,
          ip: request.ip,
        });
      }
      await repo.link(row.authenticatorID, row.subject, userID, platform.clock.nowIso());
      await repo.removeConnection(row.tokenHash);
      reply.clearCookie(CONNECTION_COOKIE, await platform.sessions.cookieOptions(request, "/"));
      await accounts.syncRoles(userID, roles);
      await accounts.signIn(userID, request, reply);
      await rememberIdToken(repo, authenticator, request, row.idToken);
      return { userID, target: localTarget(row.target) };
    },
  };
}

export type Connections = ReturnType<typeof createConnections>;
