import type { QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { formError, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { meQuery } from "../users/index.ts";
import { ignoreApi } from "./ignore.api.ts";
import { ignoreFields } from "./IgnoreForm.tsx";
import { ignoreKeys } from "./ignore.queries.ts";

/**
 * A page action's share for the ignore form: does what it asks (null when the form is not this one), then
 * refreshes what depends on it (the list, the profile's state).
 */
export async function ignoreAction(
  form: FormData,
  { queryClient, api }: { queryClient: QueryClient; api: ApiClient },
): Promise<FormResult | ReturnType<typeof formError> | null> {
  const intent = form.get(ignoreFields.intent);
  const ignoredUserID = Number(form.get(ignoreFields.userID));
  if ((intent !== "ignore" && intent !== "unignore") || !Number.isInteger(ignoredUserID)) return null;
  const me = await queryClient.ensureQueryData(meQuery(api));
  try {
    if (intent === "ignore") await ignoreApi.ignore(api, me.userID, ignoredUserID);
    else await ignoreApi.unignore(api, me.userID, ignoredUserID);
  } catch (error) {
    return formError(error, {});
  }
  await queryClient.invalidateQueries({ queryKey: ignoreKeys.all });
  return {
    ok: true,
    message:
      intent === "ignore"
        ? t("You are ignoring this member: their posts are collapsed and they cannot message you.")
        : t("You are no longer ignoring this member."),
  };
}
