import { userMessages, type Applicant, type ApplicantListQuery } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Platform } from "../../platform/context.ts";
import { conflict, HttpError } from "../../platform/errors.ts";
import { simpleMail } from "../../platform/mail/mailer.ts";
import type { createEmailTokens } from "./email-tokens.ts";
import { usersPolicy } from "./users.policy.ts";
import type { UserRow, UsersRepo } from "./users.repo.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";

const present = (row: UserRow): Applicant => ({
  userID: row.userID,
  name: row.name,
  email: row.email,
  discoveryText: row.discoveryText ?? "",
  dateInserted: row.dateInserted,
  insertIPAddress: row.insertIPAddress,
});

/**
 * Registration by approval: the accounts that wait (a role of type applicant), and approving or declining
 * them, for holders of `applicants.manage`. Approval gives the member role (or unconfirmed, when e-mail
 * addresses must be confirmed: the confirmation goes out then) and tells the applicant by e-mail; declining
 * deletes the account, which never took part, so its name and address are free again.
 */
export function createApplicantsService(
  repo: UsersRepo,
  platform: Platform,
  tokens: ReturnType<typeof createEmailTokens>,
) {
  const applicantOf = async (userID: number) => {
    const row = await repo.findById(userID);
    const roles = row ? ((await repo.rolesOf([userID])).get(userID) ?? []) : [];
    if (!row || row.deleted === 1 || !roles.some((role) => role.type === "applicant"))
      throw new HttpError(404, userMessages.applicantNotFound);
    return row;
  };

  const roleIDsOfType = async (type: string) => (await repo.rolesOfType(type)).map((role) => role.roleID);

  return {
    async list(query: ApplicantListQuery, context: RequestContext) {
      requireAccess(context.viewer, usersPolicy.canManageApplicants);
      const page = query.page ?? 1;
      const limit = query.limit ?? 30;
      const [rows, total] = await Promise.all([repo.applicants((page - 1) * limit, limit), repo.countApplicants()]);
      return { items: rows.map(present), page, limit, total };
    },

    async approve(userID: number, context: RequestContext): Promise<void> {
      requireAccess(context.viewer, usersPolicy.canManageApplicants);
      const row = await applicantOf(userID);
      const confirm = await platform.siteConfig.get("registration.confirmEmail");
      const roleIDs = await roleIDsOfType(confirm ? "unconfirmed" : "member");
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        await scoped.setRoles(userID, roleIDs);
        await scoped.update(userID, { emailConfirmed: confirm ? 0 : 1, dateUpdated: platform.clock.nowIso() });
      });
      await platform.events.emit("user.access.changed", { userID });
      const title = await platform.siteConfig.get("garden.title");
      await platform.mailer.send(
        simpleMail(
          row.email,
          `Your application to join ${title} has been approved`,
          [`Hi ${row.name},`, `Your application to join ${title} has been approved. Welcome!`],
          { label: "Sign in", url: `${context.origin}/entry/signin` },
        ),
      );
      if (confirm) await tokens.sendConfirmation({ userID, name: row.name, email: row.email }, context.origin);
    },

    async decline(userID: number, context: RequestContext): Promise<void> {
      requireAccess(context.viewer, usersPolicy.canManageApplicants);
      await applicantOf(userID);
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        // An account with posts (its role made an applicant's after it posted, or a post given to it) would
        // leave them without an author: it is deleted from the Members page, which says what becomes of them.
        const row = await scoped.findById(userID);
        if (row && Number(row.countDiscussions) + Number(row.countComments) > 0)
          throw conflict(
            userMessages.applicantHasPosts,
            "Delete it from the Members page instead, which asks what becomes of its posts.",
          );
        await scoped.deleteAccount(userID);
      });
      await platform.events.emit("user.access.changed", { userID });
    },
  };
}

export type ApplicantsService = ReturnType<typeof createApplicantsService>;
