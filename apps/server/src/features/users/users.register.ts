import {
  isRegistrationByApproval,
  invitationMessages,
  isRegistrationOpen,
  userMessages,
  type RegisterBody,
  type User,
  type UserPost,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { createInvitationsRepo } from "./invitations.repo.ts";
import { createInvitationsService } from "./invitations.service.ts";
import { hashPassword } from "../../platform/auth/password.ts";
import { HttpError } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { verifyBotCheck } from "./bot-check.ts";
import type { UsersDeps } from "./users.operation.ts";
import { usersPolicy } from "./users.policy.ts";
import { presentUserRecord } from "./users.read.ts";
import type { NewUser } from "./users.repo.ts";
import { assertAssignable, checkIdentity, roleIDsOfType } from "./users.rules.ts";

/** A new account's row: no title, photo or counts yet, active now. */
export const newUserRow = async (input: {
  name: string;
  email: string;
  password: string;
  emailConfirmed: boolean;
  ip: string;
  /** Now, from the platform's clock. */
  now: string;
}): Promise<NewUser> => {
  const { now } = input;
  return {
    name: input.name,
    email: input.email,
    emailConfirmed: input.emailConfirmed ? 1 : 0,
    passwordHash: await hashPassword(input.password),
    photoUrl: null,
    title: null,
    isAdmin: 0,
    banned: 0,
    deleted: 0,
    private: 0,
    showEmail: 0,
    bypassSpam: 0,
    countDiscussions: 0,
    countComments: 0,
    countVisits: 0,
    points: 0,
    dateInserted: now,
    dateUpdated: null,
    dateLastActive: now,
    insertIPAddress: input.ip,
    lastIPAddress: input.ip,
  };
};

/**
 * `POST /users/register`: authorize (the site's registration method takes new accounts) → validate (a free
 * name and e-mail, a password, why they want to join when by approval; the bot check) → one transaction
 * (the account and its role: applicant, unconfirmed or member) → `user.applied`, or the confirmation e-mail.
 */
export async function registerUser(deps: UsersDeps, body: RegisterBody, context: RequestContext) {
  const { repo, platform, tokens } = deps;
  // The site's registration method (spec §2): only an open one takes new accounts.
  const method = await platform.siteConfig.get("registration.method");
  const byInvitation = method.toLowerCase() === "invitation";
  if (!isRegistrationOpen(method) && !byInvitation) throw new HttpError(403, userMessages.registrationClosed);
  const name = body.name.trim();
  const email = body.email.trim();
  // By invitation, only the invited address registers, with its invitation's code (which proves the address).
  const invitation = byInvitation
    ? await createInvitationsService(createInvitationsRepo(platform.db), repo, platform).redeemable(
        body.invitationCode,
        email,
      )
    : null;
  // Ban rules (addresses, e-mail domains, names): a refusal says no more than that.
  await platform.admission.registration({ name, email, ip: context.ip });
  // By approval, the account waits with the applicant role; an administrator reads why they want to join.
  const approval = isRegistrationByApproval(method);
  const discoveryText = body.discoveryText?.trim() ?? "";
  await checkIdentity(deps, { name, email, password: body.password, discoveryMissing: approval && !discoveryText });
  // Watched words on the new name (a blocked one refuses with a 422).
  const screened = await platform.screening.screen({ kind: "name", fields: { name }, context });
  // The bot check, when the method asks for it and the site has one (without one, captcha is as basic).
  const botCheck = platform.config.botCheck;
  if (botCheck && method.toLowerCase() === "captcha") await verifyBotCheck(botCheck, body.captchaResponse, context.ip);
  // The site's setting, read for each registration (its default is the server's PARLEY_CONFIRM_EMAIL).
  const confirm = !approval && !invitation && (await platform.siteConfig.get("registration.confirmEmail"));
  const row = await newUserRow({
    name,
    email,
    password: body.password,
    emailConfirmed: !confirm,
    ip: context.ip,
    now: platform.clock.nowIso(),
  });
  const roleIDs = await roleIDsOfType(deps, approval ? "applicant" : confirm ? "unconfirmed" : "member");
  const userID = await platform.db.transaction().execute(async (trx) => {
    const scoped = repo.withTransaction(trx);
    const id = await scoped.insert(approval ? { ...row, emailConfirmed: 0, discoveryText } : row);
    await scoped.setRoles(id, roleIDs);
    // The invitation is used once: a second registration with it, even at the same moment, rolls back.
    if (invitation && !(await createInvitationsRepo(trx).accept(invitation.invitationID, id, row.dateInserted)))
      throw new HttpError(403, invitationMessages.invalid);
    return id;
  });
  await screened.recorded(null, userID);
  await platform.events.emit("user.created", { userID });
  if (approval) {
    await platform.events.emit("user.applied", { userID });
    return { userID, name, email, pendingApproval: true };
  }
  if (confirm) await tokens.sendConfirmation({ userID, name, email }, context.origin);
  return { userID, name, email };
}

/**
 * `POST /users` (an administrator adds an account): authorize → validate (a free name and e-mail, a
 * password, roles the viewer may hand out) → one transaction (the account and its roles) → the presented user.
 */
export async function createUser(deps: UsersDeps, body: UserPost, context: RequestContext): Promise<User> {
  const { repo, platform } = deps;
  requireAccess(context.viewer, usersPolicy.canCreate);
  const name = body.name.trim();
  const email = body.email.trim();
  await checkIdentity(deps, { name, email, password: body.password });
  const roleIDs = body.roleID?.length ? body.roleID : await roleIDsOfType(deps, "member");
  await assertAssignable(deps, roleIDs, context.viewer);
  const row = await newUserRow({
    name,
    email,
    password: body.password,
    emailConfirmed: body.emailConfirmed ?? true,
    ip: context.ip,
    now: platform.clock.nowIso(),
  });
  row.showEmail = body.showEmail ? 1 : 0;
  row.private = body.private ? 1 : 0;
  row.bypassSpam = body.bypassSpam ? 1 : 0;
  const userID = await platform.db.transaction().execute(async (trx) => {
    const scoped = repo.withTransaction(trx);
    const id = await scoped.insert(row);
    await scoped.setRoles(id, roleIDs);
    return id;
  });
  await platform.events.emit("user.created", { userID });
  return presentUserRecord(deps, (await repo.findById(userID))!, context);
}
