import { userMessages, type AuthenticatePasswordBody, type Me, type TwoFactorSignInBody } from "@parley/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { assertUserUsable } from "../../platform/auth/authorize.ts";
import { hashPassword, isLegacyHash, verifyPassword } from "../../platform/auth/password.ts";
import { randomToken } from "../../platform/auth/tokens.ts";
import type { Platform } from "../../platform/context.ts";
import type { Limiter } from "../../platform/http/rate-limit.ts";
import { clientOf } from "../../platform/http/client-address.ts";
import { HttpError } from "../../platform/errors.ts";
import { assertNotScheduledForDeletion } from "./users.self-delete.ts";
import type { UsersRepo, UserRow } from "./users.repo.ts";
import type { TwoFactorService } from "./two-factor.service.ts";

const WINDOW = 15 * 60_000;
/** Wrong passwords for one account from one address before that pair waits out the window. */
const PER_ACCOUNT_ADDRESS = 5;
/** Wrong passwords from one address, whichever accounts they name. */
const PER_ADDRESS = 20;

/** Where the refusal sends an owner who would rather not wait. */
const PASSWORD_REQUEST_PATH = "/entry/passwordrequest";

let throwaway: Promise<string> | null = null;
const throwawayHash = () => (throwaway ??= hashPassword(randomToken()));

/**
 * Signing in with a name (or e-mail) and password, and signing out. Failed attempts are limited per
 * account and address together (5 per 15 minutes), so a stranger's wrong passwords never lock the owner
 * out from elsewhere; per account across every address (100 per 15 minutes by default) and per address (20 per 15
 * minutes). The 429 says how long to wait and offers the password reset.
 */
export function createAuthenticateService(
  repo: UsersRepo,
  platform: Platform,
  me: (request: FastifyRequest) => Promise<Me>,
  twoFactor: TwoFactorService,
) {
  const perPair = platform.limiter("signin-account-address", PER_ACCOUNT_ADDRESS, WINDOW);
  // Wrong passwords for one account from every address together (`rateLimits.signInPerAccount`, 100 by
  // default): distributed guessing is slowed too, and it takes many addresses to hold the owner up.
  const perAccount = platform.limiter("signin-account", platform.rateLimits.signInPerAccount, WINDOW);
  const perIp = platform.limiter("signin-ip", PER_ADDRESS, WINDOW);

  const tooMany = (seconds: number) =>
    new HttpError(429, userMessages.tooManySignIns.replace("{seconds}", String(seconds)), {
      description: userMessages.tooManySignInsReset,
      actionButton: { label: userMessages.tooManySignInsResetLabel, url: PASSWORD_REQUEST_PATH },
    });

  async function findAccount(username: string): Promise<UserRow | undefined> {
    const byName = await repo.findByName(username);
    if (byName) return byName;
    if (!username.includes("@")) return undefined;
    const byEmail = await repo.findAllByEmail(username);
    return byEmail.length === 1 ? byEmail[0] : undefined;
  }

  async function startSession(user: UserRow, persist: boolean, request: FastifyRequest, reply: FastifyReply) {
    const now = platform.clock.nowIso();
    await repo.update(user.userID, {
      dateLastActive: now,
      lastIPAddress: request.ip,
      countVisits: user.countVisits + 1,
    });
    const viewer = await platform.sessions.start(request, reply, { ...user, dateLastActive: now }, persist);
    request.viewer = viewer;
    reply.code(201);
    return { userID: user.userID, user: await me(request), transientKey: viewer.session!.transientKey };
  }

  return {
    /**
     * After a password reset (the owner proved the mailbox): the account's wrong passwords are forgotten, across
     * addresses and from the resetting one, so the owner signs in at once with the new password. Guesses
     * counted per address stay.
     */
    async forgetFailures(userID: number, request: FastifyRequest): Promise<void> {
      await perAccount.reset(`user:${userID}`);
      await perPair.reset(`user:${userID}@${clientOf(request).address}`);
    },

    async signIn(body: AuthenticatePasswordBody, request: FastifyRequest, reply: FastifyReply) {
      const user = await findAccount(body.username.trim());
      // One account's counters whether it is named by its name or its e-mail address.
      const accountKey = user ? `user:${user.userID}` : `name:${body.username.trim().toLowerCase()}`;
      // A page's sign-in form (without JavaScript) calls in-process: counted for the page's client.
      const address = clientOf(request).address;
      const pairKey = `${accountKey}@${address}`;
      const limits: Array<[Limiter, string]> = [
        [perPair, pairKey],
        [perAccount, accountKey],
        [perIp, address],
      ];
      for (const [limiter, key] of limits) {
        const check = await limiter.peek(key);
        if (!check.allowed) {
          reply.header("retry-after", String(check.retryAfterSeconds));
          throw tooMany(check.retryAfterSeconds);
        }
      }
      // Without an account the password is still checked (against a throwaway hash), so the answer
      // takes as long and tells nobody which names exist.
      const usable = user !== undefined && user.deleted === 0;
      const matches = await verifyPassword(
        body.password,
        usable ? user.passwordHash : await throwawayHash(),
        user?.name,
      );
      const valid = usable && matches;
      if (!valid || !user) {
        const results = [];
        for (const [limiter, key] of limits) results.push(await limiter.hit(key));
        const blocked = results.find((result) => !result.allowed);
        if (blocked) {
          reply.header("retry-after", String(blocked.retryAfterSeconds));
          throw tooMany(blocked.retryAfterSeconds);
        }
        throw new HttpError(401, userMessages.signInFailed);
      }
      assertUserUsable(user);
      assertNotScheduledForDeletion(user);
      // Ban rules: the account's name and e-mail, and the address it signs in from.
      await platform.admission.signIn({ ...user, ip: address });
      // Registration by approval: an applicant's password is right, but the account waits for an administrator.
      const roles = (await repo.rolesOf([user.userID])).get(user.userID) ?? [];
      if (roles.some((role) => role.type === "applicant") && !roles.some((role) => role.canSession === 1))
        throw new HttpError(403, userMessages.applicationPending);
      await perPair.reset(pairKey);
      // A hash imported from another forum (phpass, bcrypt, vBulletin's…) is replaced by Parley's own at its first sign-in.
      let account = user;
      if (isLegacyHash(user.passwordHash)) {
        const passwordHash = await hashPassword(body.password);
        await repo.update(user.userID, { passwordHash });
        account = { ...user, passwordHash };
      }
      // Two-factor on (and this browser not remembered): no session until the code step (`/authenticate/two-factor`).
      const challenge = await twoFactor.challenge(account, body.persist ?? false, request, reply);
      if (challenge) {
        reply.code(202);
        return challenge;
      }
      return startSession(account, body.persist ?? false, request, reply);
    },

    /** The code step after a correct password: an app code or a recovery code, then the session. */
    async signInWithCode(body: TwoFactorSignInBody, request: FastifyRequest, reply: FastifyReply) {
      const { user, persist } = await twoFactor.completeChallenge(body.code, body.remember ?? false, request, reply);
      assertUserUsable(user);
      assertNotScheduledForDeletion(user);
      await platform.admission.signIn({ ...user, ip: clientOf(request).address });
      return startSession(user, persist, request, reply);
    },

    /** Signs out; answers the provider's sign-out address the browser goes on to, when there is one. */
    async signOut(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
      return platform.sessions.end(request, reply);
    },
  };
}
