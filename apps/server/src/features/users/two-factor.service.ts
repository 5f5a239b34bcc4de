import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import {
  twoFactorMessages,
  twoFactorRules,
  type TwoFactorConfirmBody,
  type TwoFactorRecoveryCodes,
  type TwoFactorState,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { verifyPassword } from "../../platform/auth/password.ts";
import { hashToken, randomToken } from "../../platform/auth/tokens.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { HttpError, fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import { configSecret } from "../../platform/secrets.ts";
import { usersPolicy } from "./users.policy.ts";
import type { UserRow, UsersRepo } from "./users.repo.ts";
import type { TwoFactorRepo } from "./two-factor.repo.ts";

/** The code step's cookie: which account gave its password, until when (5 minutes). */
export const PENDING_COOKIE = "parley_2fa_pending";
/** "Remember this device": the code step is skipped for this account on this browser for 30 days. */
export const DEVICE_COOKIE = "parley_2fa_device";
/** A code from the step before or after the server's is accepted (a phone's clock a little off, a slow typist). */
const TOLERANCE_SECONDS = 30;
/** Recovery codes: 10 characters from an alphabet without look-alikes (0/o, 1/l), shown as two groups of five. */
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

const normalise = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();
const isAppCode = (code: string) => new RegExp(`^\\d{${twoFactorRules.codeDigits}}$`).test(code);
const recoveryHash = (userID: number, code: string) => hashToken(`${userID}:${normalise(code)}`);

function newRecoveryCodes(): string[] {
  return Array.from({ length: twoFactorRules.recoveryCodes }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Two-factor sign-in for local accounts (issue 34, item 5): enrolment with an authenticator app (TOTP, RFC 6238),
 * ten recovery codes kept as hashes, the code step after a correct password, remembered devices, and the site's
 * requirement for administrators. Signed cookies carry the pending step and the remembered device; both signatures
 * cover the account's password hash, so a new password ends them, and the device's covers a key of the account's
 * that new recovery codes replace.
 */
export function createTwoFactorService(repo: TwoFactorRepo, users: UsersRepo, platform: Platform) {
  const wrongCodes = platform.limiter("two-factor-code", twoFactorRules.wrongCodes, twoFactorRules.wrongCodesWindowMs);
  let siteKey: Promise<string> | null = null;
  const sign = async (payload: string) =>
    createHmac("sha256", await (siteKey ??= configSecret(platform.db, "twoFactor.cookieKey", () => randomToken())))
      .update(payload)
      .digest("base64url");
  const nowSeconds = () => Math.floor(platform.clock.nowMs() / 1000);

  /** In an embed frame partitioned like the session (platform/auth/sessions.ts), else SameSite=Lax. */
  const cookieOptions = (request: FastifyRequest, maxAgeMs?: number) =>
    platform.sessions.cookieOptions(request, "/", maxAgeMs);

  async function member(viewer: Viewer): Promise<UserRow> {
    if (viewer.userID === 0) throw new HttpError(401, "You must sign in.");
    const user = await users.findById(viewer.userID);
    if (!user) throw notFound("User");
    return user;
  }

  /** The time step of a valid app code not used before, or why not. */
  async function checkAppCode(secret: string, code: string, lastStep: number): Promise<number | "wrong" | "used"> {
    if (!isAppCode(code)) return "wrong";
    const result = await verify({ secret, token: code, epoch: nowSeconds(), epochTolerance: TOLERANCE_SECONDS });
    if (!result.valid || !("timeStep" in result)) return "wrong";
    return result.timeStep <= lastStep ? "used" : result.timeStep;
  }

  /** An app code or a recovery code for an account with two-factor on: used up when it is right. */
  async function useCode(userID: number, code: string): Promise<"ok" | "wrong" | "used"> {
    const row = await repo.of(userID);
    if (!row?.dateEnabled) return "wrong";
    const typed = normalise(code);
    if (isAppCode(typed)) {
      const step = await checkAppCode(row.secret, typed, row.lastStep);
      if (typeof step !== "number") return step;
      return (await repo.acceptStep(userID, step)) ? "ok" : "used";
    }
    return (await repo.useRecoveryCode(userID, recoveryHash(userID, typed), platform.clock.nowIso())) ? "ok" : "wrong";
  }

  /** A wrong code counts against the account; too many make it wait (429). */
  async function refuse(userID: number, reason: "wrong" | "used", reply?: FastifyReply): Promise<never> {
    const hit = await wrongCodes.hit(`user:${userID}`);
    if (!hit.allowed) {
      reply?.header("retry-after", String(hit.retryAfterSeconds));
      throw new HttpError(429, twoFactorMessages.tooMany.replace("{seconds}", String(hit.retryAfterSeconds)));
    }
    throw new HttpError(401, reason === "used" ? twoFactorMessages.codeUsed : twoFactorMessages.wrongCode);
  }

  async function assertNotLimited(userID: number, reply?: FastifyReply): Promise<void> {
    const check = await wrongCodes.peek(`user:${userID}`);
    if (check.allowed) return;
    reply?.header("retry-after", String(check.retryAfterSeconds));
    throw new HttpError(429, twoFactorMessages.tooMany.replace("{seconds}", String(check.retryAfterSeconds)));
  }

  /** Turning off or new recovery codes: the current password, or a code (either kind). */
  async function confirm(user: UserRow, body: TwoFactorConfirmBody, reply?: FastifyReply): Promise<void> {
    await assertNotLimited(user.userID, reply);
    if (body.password && (await verifyPassword(body.password, user.passwordHash, user.name))) return;
    if (body.code) {
      const used = await useCode(user.userID, body.code);
      if (used === "ok") return;
      await refuse(user.userID, used, reply);
    }
    if (body.password) await wrongCodes.hit(`user:${user.userID}`);
    throw validationFailed([fieldError("password", "invalid", twoFactorMessages.wrongConfirmation, 401)]);
  }

  async function isRequired(viewer: Viewer): Promise<boolean> {
    return usersPolicy.isAdministrator(viewer) && (await platform.siteConfig.get("security.requireAdminTwoFactor"));
  }

  /** The remembered device's cookie for this account, when its signature still holds. */
  async function rememberedDevice(request: FastifyRequest, user: UserRow, deviceKey: string): Promise<boolean> {
    const [userID, expires, signature] = (request.cookies[DEVICE_COOKIE] ?? "").split(".");
    if (Number(userID) !== user.userID || !signature || Number(expires) <= platform.clock.nowMs()) return false;
    const expected = await sign(`device|${user.userID}|${expires}|${deviceKey}|${user.passwordHash ?? ""}`);
    return sameSignature(signature, expected);
  }

  return {
    isRequired,

    /** The members among these with two-factor on (the user record's `twoFactorEnabled`). */
    enabledAmong: (userIDs: number[]) => repo.enabledAmong(userIDs),

    async state(viewer: Viewer): Promise<TwoFactorState> {
      const user = await member(viewer);
      const row = await repo.of(user.userID);
      const required = await isRequired(viewer);
      if (!row) return { enabled: false, dateEnabled: null, recoveryCodesLeft: 0, required, setup: null };
      if (row.dateEnabled) {
        return {
          enabled: true,
          dateEnabled: row.dateEnabled,
          recoveryCodesLeft: await repo.recoveryCodesLeft(user.userID),
          required,
          setup: null,
        };
      }
      // Only while the setup waits for its first code: the key, and the QR code drawn here (works without script).
      const issuer = await platform.siteConfig.get("garden.title");
      const uri = generateURI({ issuer, label: user.name, secret: row.secret });
      const qrCodeSvg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
      return {
        enabled: false,
        dateEnabled: null,
        recoveryCodesLeft: 0,
        required,
        setup: { secret: row.secret, uri, qrCodeSvg },
      };
    },

    /** A new key, waiting for the first code from the member's app. */
    async setup(viewer: Viewer): Promise<TwoFactorState> {
      const user = await member(viewer);
      if ((await repo.of(user.userID))?.dateEnabled) throw new HttpError(409, twoFactorMessages.alreadyOn);
      await repo.startSetup(user.userID, generateSecret(), randomToken(), platform.clock.nowIso());
      return this.state(viewer);
    },

    /** The first code proves the app holds the key: two-factor turns on, and the recovery codes are shown once. */
    async enable(viewer: Viewer, code: string): Promise<TwoFactorRecoveryCodes> {
      const user = await member(viewer);
      const row = await repo.of(user.userID);
      if (row?.dateEnabled) throw new HttpError(409, twoFactorMessages.alreadyOn);
      if (!row) throw new HttpError(409, twoFactorMessages.noSetup);
      await assertNotLimited(user.userID);
      const step = await checkAppCode(row.secret, normalise(code), 0);
      if (typeof step !== "number") {
        await wrongCodes.hit(`user:${user.userID}`);
        throw validationFailed([fieldError("code", "invalid", twoFactorMessages.wrongCode)]);
      }
      const recoveryCodes = newRecoveryCodes();
      const hashes = recoveryCodes.map((recovery) => recoveryHash(user.userID, recovery));
      if (!(await repo.enable(user.userID, step, hashes, platform.clock.nowIso())))
        throw new HttpError(409, twoFactorMessages.alreadyOn);
      return { recoveryCodes };
    },

    /** New recovery codes: the old ones stop working, and remembered devices are forgotten. */
    async regenerate(viewer: Viewer, body: TwoFactorConfirmBody, reply: FastifyReply): Promise<TwoFactorRecoveryCodes> {
      const user = await member(viewer);
      if (!(await repo.of(user.userID))?.dateEnabled) throw new HttpError(409, twoFactorMessages.notOn);
      await confirm(user, body, reply);
      const recoveryCodes = newRecoveryCodes();
      await repo.replaceRecoveryCodes(
        user.userID,
        recoveryCodes.map((recovery) => recoveryHash(user.userID, recovery)),
        randomToken(),
      );
      return { recoveryCodes };
    },

    /** Two-factor off (the key, recovery codes and remembered devices go), confirmed by password or code. */
    async disable(viewer: Viewer, body: TwoFactorConfirmBody, request: FastifyRequest, reply: FastifyReply) {
      const user = await member(viewer);
      if (!(await repo.of(user.userID))?.dateEnabled) throw new HttpError(409, twoFactorMessages.notOn);
      await confirm(user, body, reply);
      await repo.remove(user.userID);
      if (request.cookies[DEVICE_COOKIE] !== undefined) reply.clearCookie(DEVICE_COOKIE, await cookieOptions(request));
    },

    /** A user manager turns a member's two-factor off (a lost phone and lost recovery codes); audited as a staff write. */
    async reset(userID: number, viewer: Viewer): Promise<void> {
      requireAccess(viewer, usersPolicy.canResetTwoFactor);
      if (!(await users.findById(userID))) throw notFound("User");
      await repo.remove(userID);
    },

    /**
     * After a correct password: for an account with two-factor on and no remembered device, the pending step's
     * cookie and when it ends (no session yet); null when the sign-in may go on.
     */
    async challenge(user: UserRow, persist: boolean, request: FastifyRequest, reply: FastifyReply) {
      const row = await repo.of(user.userID);
      if (!row?.dateEnabled) return null;
      if (await rememberedDevice(request, user, row.deviceKey)) return null;
      const expires = platform.clock.nowMs() + twoFactorRules.challengeLifetimeMs;
      const flag = persist ? 1 : 0;
      const signature = await sign(`pending|${user.userID}|${flag}|${expires}|${user.passwordHash ?? ""}`);
      reply.setCookie(
        PENDING_COOKIE,
        `${user.userID}.${flag}.${expires}.${signature}`,
        await cookieOptions(request, twoFactorRules.challengeLifetimeMs),
      );
      return { twoFactorRequired: true as const, dateExpires: new Date(expires).toISOString() };
    },

    /** The code step: the account whose password was given, once its code (or a recovery code) is right. */
    async completeChallenge(
      code: string,
      remember: boolean,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<{ user: UserRow; persist: boolean }> {
      const [userID, flag, expires, signature] = (request.cookies[PENDING_COOKIE] ?? "").split(".");
      const user = Number(userID) > 0 ? await users.findById(Number(userID)) : undefined;
      const expected = user && (await sign(`pending|${user.userID}|${flag}|${expires}|${user.passwordHash ?? ""}`));
      if (
        !user ||
        !signature ||
        !expected ||
        !sameSignature(signature, expected) ||
        Number(expires) <= platform.clock.nowMs()
      )
        throw new HttpError(401, twoFactorMessages.noChallenge, {
          actionButton: { label: "Sign In", url: "/entry/signin" },
        });
      await assertNotLimited(user.userID, reply);
      const used = await useCode(user.userID, code);
      if (used !== "ok") await refuse(user.userID, used, reply);
      await wrongCodes.reset(`user:${user.userID}`);
      reply.clearCookie(PENDING_COOKIE, await cookieOptions(request));
      if (remember) {
        const row = await repo.of(user.userID);
        const until = platform.clock.nowMs() + twoFactorRules.rememberLifetimeMs;
        const deviceSignature = await sign(
          `device|${user.userID}|${until}|${row!.deviceKey}|${user.passwordHash ?? ""}`,
        );
        reply.setCookie(
          DEVICE_COOKIE,
          `${user.userID}.${until}.${deviceSignature}`,
          await cookieOptions(request, twoFactorRules.rememberLifetimeMs),
        );
      }
      return { user, persist: flag === "1" };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
