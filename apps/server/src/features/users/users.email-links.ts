import { userMessages } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import { hashPassword } from "../../platform/auth/password.ts";
import { conflict, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { UsersDeps } from "./users.operation.ts";
import { usersPolicy } from "./users.policy.ts";
import { promoteUnconfirmed } from "./users.rules.ts";
import { checkPassword } from "./users.validation.ts";
import { storableText } from "../../platform/text.ts";

/*
 * The operations behind the e-mailed links (`email-tokens.ts`): sending and using an address
 * confirmation, asking for (or, as an administrator, sending) and using a password reset.
 */

/** Sends a new confirmation link to the signed-in user. */
export async function resendConfirmation({ tokens }: UsersDeps, context: RequestContext): Promise<void> {
  const { viewer } = context;
  if (!viewer.user) requireSignedIn(viewer);
  const user = viewer.user!;
  if (user.emailConfirmed === 1) throw new HttpError(400, "Your email address is already confirmed.");
  await tokens.sendConfirmation(user, context.origin);
}

/** Confirms the address of user `id` with the code of its link; a code of another user's is refused. */
export async function confirmEmail(deps: UsersDeps, id: string, token: string): Promise<{ userID: number }> {
  const { repo, tokens } = deps;
  if (!/^\d+$/.test(id)) throw new HttpError(400, userMessages.emailConfirmBadLink);
  const found = await tokens.consume(token, "confirm", Number(id));
  if (!found) throw new HttpError(400, userMessages.emailConfirmBadLink);
  const user = await repo.findById(found.userID);
  if (!user || user.deleted === 1 || user.email.toLowerCase() !== found.email.toLowerCase()) {
    throw new HttpError(400, userMessages.emailConfirmBadLink);
  }
  await repo.update(user.userID, { emailConfirmed: 1, dateUpdated: deps.platform.clock.nowIso() });
  await promoteUnconfirmed(deps, user.userID);
  return { userID: user.userID };
}

/** Always answers the same, so nobody can learn which e-mails have accounts. */
export async function requestPassword(
  { repo, tokens }: UsersDeps,
  email: string,
  context: RequestContext,
): Promise<void> {
  // No stored address holds a NUL (PostgreSQL's text cannot), so one typed with it finds nobody, as any unknown does.
  const [user] = (await repo.findAllByEmail(storableText(email).trim())).filter((row) => row.deleted === 0);
  if (user) await tokens.sendPasswordReset(user, context.origin);
}

/**
 * `POST /users/{id}/request-password`: whoever edits members e-mails a member the same one-hour reset link they
 * could ask for themselves (users.edit; 404 for an unknown or deleted member, 409 for one without an address).
 */
export async function sendPasswordReset(
  { repo, tokens }: UsersDeps,
  userID: number,
  context: RequestContext,
): Promise<void> {
  requireAccess(context.viewer, usersPolicy.canEditOthers);
  const user = await repo.findById(userID);
  if (!user || user.deleted === 1) throw notFound("User");
  if (user.email.trim() === "") throw conflict("This member has no e-mail address to send the link to.");
  await tokens.sendPasswordReset(user, context.origin, { sentByStaff: true });
}

/** Sets the password of the reset link's account (validate → load by the token → one transaction). */
export async function resetPassword(
  { repo, platform, tokens }: UsersDeps,
  token: string,
  password: string,
): Promise<{ userID: number }> {
  const invalid = checkPassword(password);
  if (invalid) throw validationFailed([invalid]);
  const found = await tokens.consume(token, "reset");
  const user = found ? await repo.findById(found.userID) : undefined;
  if (!found || !user || user.deleted === 1) throw new HttpError(400, userMessages.passwordResetBadLink);
  await platform.db.transaction().execute(async (trx) => {
    const scoped = repo.withTransaction(trx);
    await scoped.update(user.userID, {
      passwordHash: await hashPassword(password),
      dateUpdated: platform.clock.nowIso(),
    });
    // A reset signs every other session out.
    await scoped.deleteCredentials(user.userID, { keepTokens: true });
  });
  return { userID: user.userID };
}
