import type { QueryClient } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { accountFields } from "./account.action.ts";
import { accountApi } from "./account.api.ts";
import { accountKeys } from "./account.queries.ts";

/** The two-factor page's forms: which one was sent (`intent`) and their fields. */
export const twoFactorFields = { intent: accountFields.intent, code: "code", password: "password" } as const;

/** What the page shows after a form: the recovery codes, once, when two-factor turned on or they were made anew. */
export interface TwoFactorResult extends FormResult {
  recoveryCodes?: string[];
}

type Deps = { queryClient: QueryClient; api: ApiClient };

/**
 * What a member typed to confirm, sent as what it looks like: 6 digits (shorter than any password) or a recovery
 * code as shown (`xxxxx-xxxxx`) as a code, anything else as the password. Never both, so a password never goes as a
 * code.
 */
const confirmation = (form: FormData): { password?: string; code?: string } => {
  const typed = formValue(form, twoFactorFields.password);
  if (!typed) return {};
  const compact = typed.replace(/\s/g, "");
  return /^\d{6}$/.test(compact) || /^[a-z0-9]{5}-[a-z0-9]{5}$/i.test(compact)
    ? { code: compact }
    : { password: typed };
};

/** The two-factor page's action: set up, confirm with a code, new recovery codes, turn off. */
export async function twoFactorAction(form: FormData, me: Me, { queryClient, api }: Deps) {
  const intent = form.get(twoFactorFields.intent);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor(me.userID) });
  try {
    if (intent === "setup") {
      await accountApi.startTwoFactor(api);
      await refresh();
      return { ok: true } satisfies TwoFactorResult;
    }
    if (intent === "enable") {
      const code = formValue(form, twoFactorFields.code).trim();
      if (!code) return formInvalid({ [twoFactorFields.code]: t("Enter the code from your authenticator app.") }, {});
      const { data } = await accountApi.enableTwoFactor(api, code);
      await refresh();
      return {
        ok: true,
        message: t("Two-factor authentication is on."),
        recoveryCodes: data.recoveryCodes,
      } satisfies TwoFactorResult;
    }
    const body = confirmation(form);
    if (!body.password && !body.code)
      return formInvalid({ [twoFactorFields.password]: t("Enter your current password or a valid code.") }, {});
    if (intent === "recoveryCodes") {
      const { data } = await accountApi.newRecoveryCodes(api, body);
      await refresh();
      return {
        ok: true,
        message: t("New recovery codes made. The old ones no longer work."),
        recoveryCodes: data.recoveryCodes,
      } satisfies TwoFactorResult;
    }
    if (intent === "disable") {
      await accountApi.disableTwoFactor(api, body);
      await refresh();
      return { ok: true, message: t("Two-factor authentication is off.") } satisfies TwoFactorResult;
    }
  } catch (error) {
    return formError(error, {});
  }
  return formInvalid({}, {});
}
