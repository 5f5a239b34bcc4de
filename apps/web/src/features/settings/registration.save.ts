import type { QueryClient } from "@tanstack/react-query";
import { data } from "react-router";
import type { RegistrationRoleType } from "@parley/contracts/roles-constants";
import { ApiError, type ApiClient } from "../../lib/api.ts";
import { formInvalid, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { refreshTitleBar } from "../layouts/index.ts";
import { roleKeys } from "../roles/index.ts";
import { defaultRolesLabel } from "./pages/registrationText.ts";
import {
  changedDefaults,
  defaultRolesField,
  defaultRolesOf,
  registrationFormValues,
  registrationFromForm,
  rolesCheckedTwice,
  type RegistrationSettings,
} from "./registration.ts";
import { registrationApi } from "./settings.api.ts";
import { registrationKeys, registrationRolesQuery } from "./settings.queries.ts";

/**
 * The Registration page's save: the roles of each kind of registration whose boxes changed (`PUT /roles/defaults`,
 * one request each, members first), then the method and confirm e-mail (`PATCH /config`). Each request is whole or
 * nothing; the first refusal stops the rest and shows beside its field, saying so when something before it was saved.
 */
export function createSaveRegistration({ queryClient, api }: { queryClient: QueryClient; api: ApiClient }) {
  return async function saveRegistration(request: Request) {
    const submitted = registrationFromForm(await request.formData());
    const values = registrationFormValues(submitted);
    const roles = await queryClient.fetchQuery({ ...registrationRolesQuery(api), staleTime: 0 });
    const twice = Object.entries(rolesCheckedTwice(submitted.defaults)).map(([type, found]): [string, string] => {
      const name = roles.find((role) => role.roleID === found.roleID)?.name ?? String(found.roleID);
      const message = t("{role} is checked under “{other}” too: a role is given by one kind of registration only.", {
        role: name,
        other: defaultRolesLabel(found.alsoUnder),
      });
      return [defaultRolesField(type as RegistrationRoleType), message];
    });
    if (twice.length) return formInvalid(Object.fromEntries(twice), values);

    let saved = 0;
    /** A refusal beside its field (`field`: where the API's `roleIDs`, and a refusal of the whole request, go). */
    const refused = (error: unknown, field: string | null) => {
      if (!(error instanceof ApiError)) throw error;
      const errors: Record<string, string> = {};
      for (const [name, list] of Object.entries(error.errors))
        if (list[0]) errors[name === "roleIDs" && field ? field : name] = list[0].message;
      // A refusal of the whole change (409: no role would be left of a type the site needs) goes beside the boxes.
      if (Object.keys(errors).length === 0 && field)
        errors[field] = [error.message, error.description].filter(Boolean).join(" ");
      const result: FormResult = { values, errors };
      const unplaced = Object.keys(errors).length === 0 ? error.message : null;
      if (saved > 0) {
        const partly = t("Some of the changes were saved, but not all of them.");
        result.message = unplaced ? `${partly} ${unplaced}` : `${partly} ${t("See the field marked.")}`;
      } else if (unplaced) {
        result.message = unplaced;
        if (error.description) result.description = error.description;
      }
      return data(result, { status: error.status });
    };

    try {
      for (const type of changedDefaults(defaultRolesOf(roles), submitted.defaults)) {
        try {
          await registrationApi.setDefaults(api, type, submitted.defaults[type]);
        } catch (error) {
          return refused(error, defaultRolesField(type));
        }
        saved += 1;
      }
      try {
        const settings = await registrationApi.save(api, submitted.settings);
        queryClient.setQueryData(registrationKeys.settings(), (old: RegistrationSettings | undefined) => ({
          ...old,
          ...settings,
        }));
      } catch (error) {
        return refused(error, null);
      }
    } finally {
      // The roles' types changed: this page's list and the roles pages' read them again.
      if (saved > 0)
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: registrationKeys.roles() }),
          queryClient.invalidateQueries({ queryKey: roleKeys.all }),
        ]);
    }
    // The title bar says whether registration is open; the dashboard's navigation shows Applicants under approval.
    await refreshTitleBar(queryClient, api, new URL(request.url));
    return { ok: true, message: t("Your changes have been saved.") } satisfies FormResult;
  };
}
