import {
  emailChangeMessages,
  userMessages,
  type EmailChangeBody,
  type EmailChangeConfirmed,
  type EmailChangeState,
} from "@parley/contracts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import { verifyPassword } from "../../platform/auth/password.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { conflict, fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { storableText } from "../../platform/text.ts";
import type { UsersDeps } from "./users.operation.ts";
import { usersPolicy } from "./users.policy.ts";
import { resolveUser } from "./users.read.ts";
import type { UserRow } from "./users.repo.ts";
import { promoteUnconfirmed } from "./users.rules.ts";
import { checkEmail } from "./users.validation.ts";

/*
 * Changing one's e-mail address (`/users/{id}/email-change`): the member asks with their current password, a
 * single-use link (`email-tokens.ts`, purpose `change`) goes to the new address and a notice without a link to
 * the old one; the address changes only when the link is used (`POST /users/email-change/confirm`). Only the
 * member themself: whoever edits members sets an address directly with `PATCH /users/{id}`.
 */

/** The member of `id`, who must be the viewer (403 for anyone else, an administrator too). */
async function ownAccount(deps: UsersDeps, id: string, context: RequestContext): Promise<UserRow> {
  requireSignedIn(context.viewer);
  const row = await resolveUser(deps, id, context.viewer);
  if (!usersPolicy.isSelf(context.viewer, row)) throw new HttpError(403, emailChangeMessages.onlySelf);
  return row;
}

async function stateOf({ tokens }: UsersDeps, userID: number): Promise<EmailChangeState> {
  const pending = await tokens.pending(userID, "change");
  return {
    pending: pending
      ? {
          email: pending.email,
          dateInserted: toRfc3339(pending.dateInserted),
          dateExpires: toRfc3339(pending.dateExpires),
        }
      : null,
  };
}

/** `GET /users/{id}/email-change`: the change waiting for its confirmation, if any. */
export async function emailChangeState(deps: UsersDeps, id: string, context: RequestContext) {
  const row = await ownAccount(deps, id, context);
  return stateOf(deps, row.userID);
}

/**
 * `POST /users/{id}/email-change`: validate (the current password, an address of the right shape, not the
 * current one, not another account's: 422 on the field, the words registration uses) → the link to the new
 * address (replacing any earlier one) and the notice to the old → the change waiting.
 */
export async function requestEmailChange(
  deps: UsersDeps,
  id: string,
  body: EmailChangeBody,
  context: RequestContext,
): Promise<EmailChangeState> {
  const { repo, tokens } = deps;
  const row = await ownAccount(deps, id, context);
  if (!(await verifyPassword(body.passwordConfirmation, row.passwordHash, row.name))) {
    throw validationFailed([fieldError("passwordConfirmation", "invalid", "Your current password is incorrect.", 422)]);
  }
  const email = storableText(body.email).trim();
  const invalid = checkEmail(email);
  if (invalid) throw validationFailed([{ ...invalid, status: 422 }]);
  if (email.toLowerCase() === row.email.toLowerCase()) {
    throw validationFailed([fieldError("email", "invalid", emailChangeMessages.sameAddress, 422)]);
  }
  if ((await repo.findAllByEmail(email)).some((other) => other.userID !== row.userID)) {
    throw validationFailed([fieldError("email", "emailTaken", userMessages.emailTaken, 422)]);
  }
  await tokens.sendEmailChange(row, email, context.origin);
  return stateOf(deps, row.userID);
}

/** `POST /users/{id}/email-change/resend`: a new link to the address waiting (the earlier link stops working). */
export async function resendEmailChange(deps: UsersDeps, id: string, context: RequestContext) {
  const row = await ownAccount(deps, id, context);
  const pending = await deps.tokens.pending(row.userID, "change");
  if (!pending) throw new HttpError(404, emailChangeMessages.nonePending);
  await deps.tokens.sendEmailChange(row, pending.email, context.origin);
  return stateOf(deps, row.userID);
}

/** `DELETE /users/{id}/email-change`: the change is withdrawn; its link stops working. Idempotent. */
export async function cancelEmailChange(deps: UsersDeps, id: string, context: RequestContext): Promise<void> {
  const row = await ownAccount(deps, id, context);
  await deps.tokens.revoke(row.userID, "change");
}

/**
 * `POST /users/email-change/confirm`: the link's code alone (the member may follow it signed out or in another
 * browser). Spends the code, then the address becomes the account's, confirmed (an unconfirmed member is
 * promoted). 400 for an unknown, used or expired code; 409 when another account took the address meanwhile.
 */
export async function confirmEmailChange(deps: UsersDeps, token: string): Promise<EmailChangeConfirmed> {
  const { repo, tokens, platform } = deps;
  const found = await tokens.consume(token, "change");
  const row = found ? await repo.findById(found.userID) : undefined;
  if (!found || !row || row.deleted === 1) throw new HttpError(400, emailChangeMessages.badLink);
  if ((await repo.findAllByEmail(found.email)).some((other) => other.userID !== row.userID)) {
    throw conflict(emailChangeMessages.takenSince);
  }
  await repo.update(row.userID, { email: found.email, emailConfirmed: 1, dateUpdated: platform.clock.nowIso() });
  await promoteUnconfirmed(deps, row.userID);
  return { userID: row.userID, email: found.email };
}
