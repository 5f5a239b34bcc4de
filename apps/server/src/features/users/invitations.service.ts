import {
  invitationMessages,
  invitationRules,
  type Invitation,
  type InvitationAllowance,
  type InvitationPost,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { hashToken, randomToken } from "../../platform/auth/tokens.ts";
import type { Platform } from "../../platform/context.ts";
import { fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { simpleMail } from "../../platform/mail/mailer.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { MonthlyLimitReached, type InvitationRow, type InvitationsRepo } from "./invitations.repo.ts";
import { usersPolicy } from "./users.policy.ts";
import type { UsersRepo } from "./users.repo.ts";
import { checkEmail } from "./users.validation.ts";

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The calendar month (UTC) invitations are counted in: `YYYY-MM`. */
const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/**
 * Invitations (issue 34): user managers (`users.add`) invite an e-mail address; the mail's link opens the
 * registration page with the invitation's code, and under the `invitation` registration method only a code
 * for the address registering makes an account (once; a new invitation for the address replaces the old).
 */
export function createInvitationsService(repo: InvitationsRepo, users: UsersRepo, platform: Platform) {
  const present = (row: InvitationRow): Invitation => ({
    invitationID: row.invitationID,
    email: row.email,
    insertUserID: row.insertUserID,
    dateInserted: row.dateInserted,
    dateExpires: row.dateExpires,
    status:
      row.acceptedUserID !== null
        ? "accepted"
        : Date.parse(row.dateExpires) <= platform.clock.nowMs()
          ? "expired"
          : "pending",
    acceptedUserID: row.acceptedUserID,
    dateAccepted: row.dateAccepted,
  });

  /**
   * Invitations the member may send each month: the highest of their roles' (-1, unlimited, above all; a role
   * without a setting is -1), and unlimited for an administrator.
   */
  async function monthlyLimitOf(viewer: Viewer): Promise<number> {
    if ((viewer.user?.isAdmin ?? 0) >= 1) return -1;
    const limits = (await users.rolesByIDs(viewer.roleIDs)).map((role) => role.invitationsPerMonth);
    if (limits.length === 0) return 0;
    return limits.includes(-1) ? -1 : Math.max(...limits);
  }

  return {
    /** `GET /invitations/remaining`: the viewer's invitations left this month. */
    async allowance(context: RequestContext): Promise<InvitationAllowance> {
      requireAccess(context.viewer, usersPolicy.canInvite);
      const invitationsPerMonth = await monthlyLimitOf(context.viewer);
      const sentThisMonth = await repo.sentIn(context.viewer.userID, monthOf(platform.clock.nowMs()));
      return {
        invitationsPerMonth,
        sentThisMonth,
        remaining: invitationsPerMonth < 0 ? null : Math.max(0, invitationsPerMonth - sentThisMonth),
      };
    },

    async list(context: RequestContext): Promise<Invitation[]> {
      requireAccess(context.viewer, usersPolicy.canInvite);
      return (await repo.list()).map(present);
    },

    /** Invites the address and mails it the link; an address with an account is refused. */
    async create(body: InvitationPost, context: RequestContext): Promise<Invitation> {
      requireAccess(context.viewer, usersPolicy.canInvite);
      const email = body.email.trim();
      const invalid = checkEmail(email);
      if (invalid) throw validationFailed([invalid]);
      if ((await users.findAllByEmail(email)).length > 0)
        throw validationFailed([fieldError("email", "emailTaken", invitationMessages.emailTaken, 422)]);
      const now = platform.clock.nowMs();
      const inviter = context.viewer.userID;
      if ((await repo.pendingCount(inviter, new Date(now).toISOString())) >= invitationRules.maxPendingPerInviter)
        throw new HttpError(422, invitationMessages.tooMany);
      const limit = await monthlyLimitOf(context.viewer);
      if (limit === 0) throw new HttpError(403, invitationMessages.noneAllowed);
      const code = randomToken();
      const invitationID = await repo
        .insert(
          {
            email,
            codeHash: hashToken(code),
            insertUserID: inviter,
            dateInserted: new Date(now).toISOString(),
            dateExpires: new Date(now + invitationRules.lifetimeMs).toISOString(),
            acceptedUserID: null,
            dateAccepted: null,
          },
          monthOf(now),
          limit,
        )
        .catch((error: unknown) => {
          if (error instanceof MonthlyLimitReached) throw new HttpError(403, invitationMessages.monthlyLimit);
          throw error;
        });
      const title = (await platform.siteConfig.get("garden.title")) || "the forum";
      const link = new URL("/entry/register", context.origin);
      link.searchParams.set("invitationCode", code);
      link.searchParams.set("email", email);
      await platform.mailer.send(
        simpleMail(
          email,
          `You are invited to join ${title}`,
          [
            `${context.viewer.user?.name ?? "A member"} invited you to join ${title}.`,
            "Choose a name and a password with the link below within two weeks to create your account.",
          ],
          { label: "Accept the invitation", url: link.href },
        ),
      );
      return present((await repo.byId(invitationID))!);
    },

    /** Revokes an invitation: its link stops working (an accepted one's account stays). */
    async remove(invitationID: number, context: RequestContext): Promise<void> {
      requireAccess(context.viewer, usersPolicy.canInvite);
      if (!(await repo.byId(invitationID))) throw new HttpError(404, invitationMessages.notFound);
      await repo.remove(invitationID);
    },

    /** The invitation a registration may use: pending, unexpired, and for the address registering; else 403. */
    async redeemable(code: string | undefined, email: string): Promise<InvitationRow> {
      if (!code) throw new HttpError(403, invitationMessages.required);
      const row = await repo.byCode(hashToken(code));
      if (
        !row ||
        row.acceptedUserID !== null ||
        Date.parse(row.dateExpires) <= platform.clock.nowMs() ||
        !sameAddress(row.email, email)
      )
        throw new HttpError(403, invitationMessages.invalid);
      return row;
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
