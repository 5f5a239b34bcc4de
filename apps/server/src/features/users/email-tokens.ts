import type { Platform } from "../../platform/context.ts";
import { simpleMail } from "../../platform/mail/mailer.ts";
import { hashToken, randomToken } from "../../platform/auth/tokens.ts";

const HOUR = 3_600_000;
const lifetimes = { confirm: 7 * 24 * HOUR, reset: HOUR } as const;
type Purpose = keyof typeof lifetimes;

/**
 * One-time links sent by e-mail: confirming an address (7 days) and resetting a password (1 hour).
 * Only the token's hash is stored; using a token spends it.
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
