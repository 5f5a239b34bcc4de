import type { Platform } from "../../platform/context.ts";
import { simpleMail } from "../../platform/mail/mailer.ts";
import { hashToken, randomToken } from "../../platform/auth/tokens.ts";
import { emailChangeRules } from "@parley/contracts";

const HOUR = 3_600_000;
const lifetimes = { confirm: 7 * 24 * HOUR, reset: HOUR, change: emailChangeRules.linkLifetimeHours * HOUR } as const;
type Purpose = keyof typeof lifetimes;

/**
 * One-time links sent by e-mail: confirming an address (7 days), resetting a password (1 hour) and confirming a
 * new address (`change`, 24 hours; the token row holds the new address). Only the token's hash is stored; using a
 * token spends it.
 */
export function createEmailTokens(platform: Platform) {
  const { db } = platform;

  async function issue(userID: number, email: string, purpose: Purpose): Promise<string> {
    const token = randomToken();
    const now = platform.clock.nowMs();
    await db.transaction().execute(async (trx) => {
      // A new link replaces any earlier unused one of the same kind.
      await trx.deleteFrom("emailTokens").where("userID", "=", userID).where("purpose", "=", purpose).execute();
      await trx
        .insertInto("emailTokens")
        .values({
          tokenHash: hashToken(token),
          userID,
          purpose,
          email,
          dateInserted: new Date(now).toISOString(),
          dateExpires: new Date(now + lifetimes[purpose]).toISOString(),
          dateUsed: null,
        })
        .execute();
    });
    return token;
  }

  return {
    async sendConfirmation(user: { userID: number; name: string; email: string }, origin: string): Promise<void> {
      const token = await issue(user.userID, user.email, "confirm");
      await platform.mailer.send(
        simpleMail(
          user.email,
          "Confirm your email address",
          [`Hi ${user.name},`, "Please confirm your email address to finish setting up your account."],
          { label: "Confirm your email address", url: `${origin}/entry/emailconfirm/${user.userID}/${token}` },
        ),
      );
    },

    /** The reset link; `sentByStaff` when an administrator sent it from the dashboard rather than the member asked. */
    async sendPasswordReset(
      user: { userID: number; name: string; email: string },
      origin: string,
      options: { sentByStaff?: boolean } = {},
    ): Promise<void> {
      const token = await issue(user.userID, user.email, "reset");
      await platform.mailer.send(
        simpleMail(
          user.email,
          "Reset your password",
          [
            `Hi ${user.name},`,
            options.sentByStaff
              ? "An administrator of the forum sent you this link to choose a new password for your account. It works for an hour; your current password keeps working until you choose a new one."
              : "Someone asked to reset the password of your account. If it was you, choose a new password with the link below within an hour. If not, ignore this message.",
          ],
          { label: "Reset your password", url: `${origin}/entry/passwordreset/${user.userID}/${token}` },
        ),
      );
    },

    /**
     * A change of address waiting: a link to the new address (in `email`), then a notice without any link to
     * the old one. A new change (or a resent link) replaces the one before.
     */
    async sendEmailChange(user: { userID: number; name: string; email: string }, newEmail: string, origin: string) {
      const token = await issue(user.userID, newEmail, "change");
      await platform.mailer.send(
        simpleMail(
          newEmail,
          "Confirm your new email address",
          [
            `Hi ${user.name},`,
            `Please confirm this address to make it your account's email address. The link works for ${emailChangeRules.linkLifetimeHours} hours; until then your current address stays.`,
          ],
          { label: "Confirm your new email address", url: `${origin}/entry/emailchange/${token}` },
        ),
      );
      if (user.email.trim() === "") return;
      await platform.mailer.send(
        simpleMail(user.email, "Your email address is being changed", [
          `Hi ${user.name},`,
          "Someone signed in to your account asked to change its email address. The change takes effect only once the new address is confirmed.",
          "If it was not you, sign in, cancel the change on your account page and change your password.",
        ]),
      );
    },

    /** The unused, unexpired link of `purpose` of the member, if any (one at most: a new one replaces it). */
    async pending(userID: number, purpose: Purpose) {
      return db
        .selectFrom("emailTokens")
        .select(["email", "dateInserted", "dateExpires"])
        .where("userID", "=", userID)
        .where("purpose", "=", purpose)
        .where("dateUsed", "is", null)
        .where("dateExpires", ">", platform.clock.nowIso())
        .executeTakeFirst();
    },

    /** Withdraws the member's links of `purpose`: they no longer work. */
    async revoke(userID: number, purpose: Purpose): Promise<void> {
      await db.deleteFrom("emailTokens").where("userID", "=", userID).where("purpose", "=", purpose).execute();
    },

    /**
     * Spends a token: its user and address, or null when it is unknown, used, expired or (given
     * `userID`) another user's — then it stays unspent.
     */
    async consume(token: string, purpose: Purpose, userID?: number): Promise<{ userID: number; email: string } | null> {
      const tokenHash = hashToken(token);
      const now = platform.clock.nowIso();
      const row = await db
        .selectFrom("emailTokens")
        .select(["userID", "email", "dateExpires", "dateUsed"])
        .where("tokenHash", "=", tokenHash)
        .where("purpose", "=", purpose)
        .executeTakeFirst();
      if (!row || row.dateUsed !== null || row.dateExpires <= now) return null;
      if (userID !== undefined && row.userID !== userID) return null;
      const spent = await db
        .updateTable("emailTokens")
        .set({ dateUsed: now })
        .where("tokenHash", "=", tokenHash)
        .where("dateUsed", "is", null)
        .executeTakeFirst();
      return Number(spent.numUpdatedRows) === 1 ? { userID: row.userID, email: row.email } : null;
    },
  };
}
