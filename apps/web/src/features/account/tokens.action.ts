import type { QueryClient } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { accountApi } from "./account.api.ts";
import { accountKeys } from "./account.queries.ts";

type Deps = { queryClient: QueryClient; api: ApiClient };

export const tokenFields = { name: "tokenName", accessTokenID: "accessTokenID" } as const;

/** A form result that carries a token just created: its value is shown this once. */
export interface TokenResult extends FormResult {
  accessToken?: { name: string; value: string };
}

/** A new personal access token named by the member; the answer holds its value, which no list shows again. */
export async function createToken(form: FormData, me: Me, { queryClient, api }: Deps) {
  const name = formValue(form, tokenFields.name).trim();
  if (!name) return formInvalid({ [tokenFields.name]: t("Name the token.") }, {});
  try {
    const { data: token } = await accountApi.createToken(api, name);
    await queryClient.invalidateQueries({ queryKey: accountKeys.tokens(me.userID) });
    return {
      ok: true,
      message: t("Token created. Copy it now: it will not be shown again."),
      accessToken: { name: token.name, value: token.accessToken ?? "" },
    } satisfies TokenResult;
  } catch (error) {
    return formError(error, { [tokenFields.name]: name }, { name: tokenFields.name });
  }
}

/** Revokes one of the member's tokens: the next call made with it answers 401. */
export async function revokeToken(form: FormData, me: Me, { queryClient, api }: Deps) {
  try {
    await accountApi.revokeToken(api, Number(formValue(form, tokenFields.accessTokenID)));
  } catch (error) {
    return formError(error, {});
  }
  await queryClient.invalidateQueries({ queryKey: accountKeys.tokens(me.userID) });
  return { ok: true, message: t("The token has been revoked.") } satisfies FormResult;
}
