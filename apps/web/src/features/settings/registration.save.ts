import type { QueryClient } from "@tanstack/react-query";
import { data } from "react-router";
import { registrationRoleTypes, type RegistrationRoleType } from "@parley/contracts/roles-constants";
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
 * The Registration page's save: the roles of the kinds of registration whose boxes changed (`PUT /roles/defaults`,
 * one request, whole or nothing), then the method and confirm e-mail (`PATCH /config`). A refusal shows beside its
 * field, saying so when the roles before it were saved.
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

    let saved = false;
    /** A refusal beside its field: the API names a kind of registration (`member`…) for its roles' boxes. */
    const refused = (error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      const errors: Record<string, string> = {};
      for (const [name, list] of Object.entries(error.errors)) {
        const kind = registrationRoleTypes.find((type) => type === name);
        if (list[0]) errors[kind ? defaultRolesField(kind) : name] = list[0].message;
      }
      const result: FormResult = { values, errors };
      // A refusal of the whole change (409: no role would be left of a type the site needs) goes above the form.
      const unplaced = Object.keys(errors).length === 0 ? error.message : null;
      if (saved) {
        const partly = t("Some of the changes were saved, but not all of them.");
        result.message = unplaced ? `${partly} ${unplaced}` : `${partly} ${t("See the field marked.")}`;
      } else if (unplaced) {
        result.message = unplaced;
        if (error.description) result.description = error.description;
      }
      return data(result, { status: error.status });
    };

    try {
      const changed = changedDefaults(defaultRolesOf(roles), submitted.defaults);
      if (changed.length) {
        try {
          await registrationApi.setDefaults(
            api,
            Object.fromEntries(changed.map((type) => [type, submitted.defaults[type]])),
          );
        } catch (error) {
          return refused(error);
        }
        saved = true;
      }
      try {
        const settings = await registrationApi.save(api, submitted.settings);
        queryClient.setQueryData(registrationKeys.settings(), (old: RegistrationSettings | undefined) => ({
          ...old,
          ...settings,
        }));
      } catch (error) {
        return refused(error);
      }
    } finally {
      // The roles' types changed: this page's list and the roles pages' read them again.
      if (saved)
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
