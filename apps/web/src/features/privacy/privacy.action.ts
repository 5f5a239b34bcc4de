import type { QueryClient } from "@tanstack/react-query";
import { redirectDocument } from "react-router";
import type { Me } from "@parley/contracts";
import { privacyMessages } from "@parley/contracts/privacy-constants";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { analyticsKeys, analyticsPrivacyFields, saveAnalyticsPrivacy } from "../analytics/index.ts";
import { privacyApi } from "./privacy.api.ts";
import { privacyKeys } from "./privacy.queries.ts";

/** The privacy page's forms: which one was sent (`intent`), and their fields. */
export const privacyFields = {
  intent: "privacyIntent",
  private: "private",
  showOnline: "showOnline",
  /** Present when the online switch was on the form (the add-on on): an unchecked box sends nothing. */
  onlineShown: "onlineShown",
  password: "password",
} as const;

type Deps = { queryClient: QueryClient; api: ApiClient };

/** Private profile and (while the add-on is on) the online status: one PATCH of the member's record. */
async function saveSwitches(form: FormData, me: Me, { queryClient, api }: Deps) {
  const body: { private: boolean; hidden?: boolean } = { private: form.get(privacyFields.private) === "1" };
  if (form.get(privacyFields.onlineShown) === "1") body.hidden = form.get(privacyFields.showOnline) !== "1";
  try {
    await privacyApi.setSwitches(api, me.userID, body);
  } catch (error) {
    return formError(error, {});
  }
  await queryClient.invalidateQueries({ queryKey: privacyKeys.user(me.userID) });
  return { ok: true, message: t("Your privacy settings have been saved.") } satisfies FormResult;
}

/** "Leave my visits out of the site's analytics": the box checked sends "1", unchecked nothing (counted again). */
async function saveAnalyticsChoice(form: FormData, { queryClient, api }: Deps) {
  try {
    await saveAnalyticsPrivacy(api, form.get(analyticsPrivacyFields.anonymize) === "1");
  } catch (error) {
    return formError(error, {});
  }
  await queryClient.invalidateQueries({ queryKey: analyticsKeys.privacy() });
  return { ok: true, message: t("Your choice about the site's analytics has been saved.") } satisfies FormResult;
}

async function requestExport(me: Me, { queryClient, api }: Deps) {
  try {
    await privacyApi.requestExport(api);
  } catch (error) {
    return formError(error, {});
  }
  await queryClient.invalidateQueries({ queryKey: privacyKeys.exports(me.userID) });
  return {
    ok: true,
    message: t("Your data is being prepared. You will be notified and e-mailed a link when it is ready."),
  } satisfies FormResult;
}

/** Deleting the account with the password; once done (or deactivated) the member is signed out: home. */
async function deleteAccount(form: FormData, { queryClient, api }: Deps) {
  const password = formValue(form, privacyFields.password);
  if (!password) return formInvalid({ [privacyFields.password]: privacyMessages.passwordRequired }, {});
  try {
    await privacyApi.deleteAccount(api, password);
  } catch (error) {
    return formError(error, {});
  }
  queryClient.clear();
  return redirectDocument("/");
}

/** The privacy page's action: the form its `intent` names (a plain form post, with or without JavaScript). */
export async function privacyAction(form: FormData, me: Me, deps: Deps) {
  const intent = form.get(privacyFields.intent);
  if (intent === "switches") return saveSwitches(form, me, deps);
  if (intent === analyticsPrivacyFields.intent) return saveAnalyticsChoice(form, deps);
  if (intent === "export") return requestExport(me, deps);
  if (intent === "delete") return deleteAccount(form, deps);
  return formInvalid({}, {});
}
