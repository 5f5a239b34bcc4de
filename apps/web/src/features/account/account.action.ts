import type { QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import type { Me } from "@parley/contracts";
import { accountApi } from "./account.api.ts";
import { accountKeys } from "./account.queries.ts";
import { requestEmailChange, resendOrCancelEmailChange } from "./email-change.action.ts";
import { createToken, revokeToken } from "./tokens.action.ts";

/** The account page's forms: which one was sent (`intent`), and their fields. */
export const accountFields = {
  intent: "accountIntent",
  currentPassword: "currentPassword",
  password: "password",
  passwordConfirm: "passwordConfirm",
  sessionID: "sessionID",
} as const;

type Deps = { queryClient: QueryClient; api: ApiClient };

/**
 * A new password: the two new ones must match (checked here), then `PATCH /users/{id}` with the current one,
 * whose rules and refusals show beside their fields. The server signs the member's other sessions out.
 */
async function changePassword(form: FormData, me: Me, { queryClient, api }: Deps) {
  const password = formValue(form, accountFields.password);
  const current = formValue(form, accountFields.currentPassword);
  const errors: Record<string, string> = {};
  if (!current) errors[accountFields.currentPassword] = t("Enter your current password.");
  if (password !== formValue(form, accountFields.passwordConfirm))
    errors[accountFields.passwordConfirm] = t("The passwords do not match.");
  if (Object.keys(errors).length) return formInvalid(errors, {});
  try {
    await accountApi.changePassword(api, me.userID, { password, passwordConfirmation: current });
  } catch (error) {
    return formError(error, {}, { passwordConfirmation: accountFields.currentPassword });
  }
  await queryClient.invalidateQueries({ queryKey: accountKeys.all });
  return {
    ok: true,
    message: t("Your password has been changed. Your other sessions have been signed out."),
  } satisfies FormResult;
}

/** One session signed out, or every one but the current (each its own DELETE; a member has a few). */
async function signOutSessions(form: FormData, me: Me, { queryClient, api }: Deps, others: boolean) {
  try {
    if (others) {
      // Asked afresh, not from the cache: a session begun since the page loaded is signed out too.
      const sessions = await accountApi.sessions(api, me.userID);
      for (const session of sessions.filter((session) => !session.isCurrent))
        await accountApi.signOutSession(api, me.userID, session.sessionID);
    } else {
      await accountApi.signOutSession(api, me.userID, formValue(form, accountFields.sessionID));
    }
  } catch (error) {
    return formError(error, {});
  }
  await queryClient.invalidateQueries({ queryKey: accountKeys.all });
  return {
    ok: true,
    message: others ? t("Your other sessions have been signed out.") : t("The session has been signed out."),
  } satisfies FormResult;
}

/** The account page's action: the form its `intent` names (a plain form post, with or without JavaScript). */
export async function accountAction(form: FormData, me: Me, deps: Deps) {
  const intent = form.get(accountFields.intent);
  if (intent === "password") return changePassword(form, me, deps);
  if (intent === "signOutSession") return signOutSessions(form, me, deps, false);
  if (intent === "signOutOthers") return signOutSessions(form, me, deps, true);
  if (intent === "email") return requestEmailChange(form, me, deps);
  if (intent === "emailResend") return resendOrCancelEmailChange(me, deps, false);
  if (intent === "emailCancel") return resendOrCancelEmailChange(me, deps, true);
  if (intent === "createToken") return createToken(form, me, deps);
  if (intent === "revokeToken") return revokeToken(form, me, deps);
  return formInvalid({}, {});
}
