import type { QueryClient } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { meQuery } from "../users/index.ts";
import { accountApi } from "./account.api.ts";
import { accountKeys } from "./account.queries.ts";

type Deps = { queryClient: QueryClient; api: ApiClient };

/** The e-mail form's fields (apart from the password form's, as both answer on the same page). */
export const emailFields = { email: "newEmail", password: "emailPassword" } as const;

/** A new address with the current password: the server mails a link to it; it takes effect once followed. */
export async function requestEmailChange(form: FormData, me: Me, { queryClient, api }: Deps) {
  const email = formValue(form, emailFields.email).trim();
  const password = formValue(form, emailFields.password);
  const errors: Record<string, string> = {};
  if (!email) errors[emailFields.email] = t("Enter the new email address.");
  if (!password) errors[emailFields.password] = t("Enter your current password.");
  if (Object.keys(errors).length) return formInvalid(errors, { [emailFields.email]: email });
  try {
    await accountApi.requestEmailChange(api, me.userID, { email, passwordConfirmation: password });
  } catch (error) {
    return formError(
      error,
      { [emailFields.email]: email },
      { email: emailFields.email, passwordConfirmation: emailFields.password },
    );
  }
  await queryClient.invalidateQueries({ queryKey: accountKeys.emailChange(me.userID) });
  return {
    ok: true,
    message: t("We sent a link to {email}. Your address changes once you follow it.", { email }),
  } satisfies FormResult;
}

/** Sends the waiting change's link again, or withdraws the change. */
export async function resendOrCancelEmailChange(me: Me, { queryClient, api }: Deps, cancel: boolean) {
  try {
    if (cancel) await accountApi.cancelEmailChange(api, me.userID);
    else await accountApi.resendEmailChange(api, me.userID);
  } catch (error) {
    return formError(error, {});
  }
  await queryClient.invalidateQueries({ queryKey: accountKeys.emailChange(me.userID) });
  return {
    ok: true,
    message: cancel ? t("The change of email address has been cancelled.") : t("The link has been sent again."),
  } satisfies FormResult;
}

/** `/entry/emailchange/{token}`'s button: the new address becomes the account's (signed in or not). */
export async function confirmEmailChange(_form: FormData, token: string, { queryClient, api }: Deps) {
  try {
    const { data: confirmed } = await accountApi.confirmEmailChange(api, token);
    await queryClient.invalidateQueries({ queryKey: meQuery(api).queryKey });
    await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    return {
      ok: true,
      message: t("Your email address is now {email}.", { email: confirmed.email }),
    } satisfies FormResult;
  } catch (error) {
    return formError(error, {});
  }
}
