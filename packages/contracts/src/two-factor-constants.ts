import { msg } from "./i18n.ts";

/** Two-factor sign-in (issue 34, item 5): its numbers, for the server and the account page (no TypeBox here). */
export const twoFactorRules = {
  /** Digits of an authenticator app's code (RFC 6238, 30-second steps). */
  codeDigits: 6,
  /** Recovery codes given at once; each works once. */
  recoveryCodes: 10,
  /** How long the code step after a correct password waits. */
  challengeLifetimeMs: 5 * 60_000,
  /** How long "Remember this device" skips the code step on that browser. */
  rememberLifetimeMs: 30 * 24 * 3_600_000,
  /** Wrong codes for one account before it waits out the window. */
  wrongCodes: 5,
  wrongCodesWindowMs: 15 * 60_000,
  /** The longest code field accepted (a recovery code with its hyphen, or spaces a member typed). */
  codeMaxLength: 40,
} as const;

/** `/profile/two-factor`: the member's two-factor settings (enrol, recovery codes, turn off). */
export const twoFactorPagePath = "/profile/two-factor";
/** `/entry/2fa`: the code step of a password sign-in. */
export const twoFactorEntryPath = "/entry/2fa";

export const twoFactorMessages = {
  wrongCode: msg("That code is not valid. Enter the current code from your authenticator app, or a recovery code."),
  codeUsed: msg("That code has already been used. Wait for the next one from your authenticator app."),
  noChallenge: msg("Your sign-in has expired. Sign in again with your password."),
  alreadyOn: msg("Two-factor authentication is already on."),
  notOn: msg("Two-factor authentication is not on."),
  noSetup: msg("Start the setup again: no key is waiting for confirmation."),
  wrongConfirmation: msg("Enter your current password or a valid code."),
  adminRequired: msg(
    "This site requires administrators to use two-factor authentication. Turn it on at /profile/two-factor before doing anything else.",
  ),
  tooMany: msg("Too many wrong codes. Try again in {seconds} seconds."),
} as const;
