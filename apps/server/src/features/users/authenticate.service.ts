import { userMessages, type AuthenticatePasswordBody, type Me } from "@parley/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { assertUserUsable } from "../../platform/auth/authorize.ts";
import { hashPassword, verifyPassword } from "../../platform/auth/password.ts";
import { randomToken } from "../../platform/auth/tokens.ts";
import type { Platform } from "../../platform/context.ts";
import { nowIso } from "../../platform/dates.ts";
import { HttpError } from "../../platform/errors.ts";
import type { UsersRepo, UserRow } from "./users.repo.ts";

const WINDOW = 15 * 60_000;

let throwaway: Promise<string> | null = null;
const throwawayHash = () => (throwaway ??= hashPassword(randomToken()));

/**
 * Signing in with a name (or e-mail) and password, and signing out. Failed attempts are limited per
 * account (5 per 15 minutes) and per address (20 per 15 minutes), with a clear 429.
 */
export function createAuthenticateService(
  repo: UsersRepo,
  platform: Platform,
  me: (request: FastifyRequest) => Promise<Me>,
) {
  const perAccount = platform.limiter("signin-account", 5, WINDOW);
  const perIp = platform.limiter("signin-ip", 20, WINDOW);

  const tooMany = (seconds: number) =>
    new HttpError(429, userMessages.tooManySignIns.replace("{seconds}", String(seconds)));

  async function findAccount(username: string): Promise<UserRow | undefined> {
    const byName = await repo.findByName(username);
    if (byName) return byName;
    if (!username.includes("@")) return undefined;
    const byEmail = await repo.findAllByEmail(username);
    return byEmail.length === 1 ? byEmail[0] : undefined;
  }

  return {
    async signIn(body: AuthenticatePasswordBody, request: FastifyRequest, reply: FastifyReply) {
      const accountKey = body.username.trim().toLowerCase();
      for (const check of [await perAccount.peek(accountKey), await perIp.peek(request.ip)]) {
        if (!check.allowed) {
          reply.header("retry-after", String(check.retryAfterSeconds));
          throw tooMany(check.retryAfterSeconds);
        }
      }
      const user = await findAccount(body.username.trim());
      // Without an account the password is still checked (against a throwaway hash), so the answer
      // takes as long and tells nobody which names exist.
      const usable = user !== undefined && user.deleted === 0;
      const matches = await verifyPassword(body.password, usable ? user.passwordHash : await throwawayHash());
      const valid = usable && matches;
      if (!valid || !user) {
        const [account, ip] = [await perAccount.hit(accountKey), await perIp.hit(request.ip)];
        const blocked = [account, ip].find((result) => !result.allowed);
        if (blocked) {
          reply.header("retry-after", String(blocked.retryAfterSeconds));
          throw tooMany(blocked.retryAfterSeconds);
        }
        throw new HttpError(401, userMessages.signInFailed);
      }
      assertUserUsable(user);
      // Registration by approval: an applicant's password is right, but the account waits for an administrator.
      const roles = (await repo.rolesOf([user.userID])).get(user.userID) ?? [];
      if (roles.some((role) => role.type === "applicant") && !roles.some((role) => role.canSession === 1))
        throw new HttpError(403, userMessages.applicationPending);
      await perAccount.reset(accountKey);
      const now = nowIso();
      await repo.update(user.userID, {
        dateLastActive: now,
        lastIPAddress: request.ip,
        countVisits: user.countVisits + 1,
      });
      const viewer = await platform.sessions.start(
        request,
        reply,
        { ...user, dateLastActive: now },
        body.persist ?? false,
      );
      request.viewer = viewer;
      return { userID: user.userID, user: await me(request), transientKey: viewer.session!.transientKey };
    },

    async signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      await platform.sessions.end(request, reply);
    },
  };
}
