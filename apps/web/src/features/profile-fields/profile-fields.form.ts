import type { QueryClient } from "@tanstack/react-query";
import { queryOptions } from "@tanstack/react-query";
import type { Me, ProfileField, UserProfileFields } from "@parley/contracts";
import { ApiError, type ApiClient } from "../../lib/api.ts";
import { profileFieldsApi } from "./profile-fields.api.ts";
import { profileFieldKeys, profileFieldsQuery } from "./profile-fields.queries.ts";

/*
 * The edit form's part for custom profile fields: which fields the viewer may set, their inputs' names, reading
 * them from a posted form and sending them in one `PATCH /users/{id}/profile-fields`.
 */

/** An input's name: prefixed, so the fields sit in another form (the profile's edit page) beside its own. */
export const profileFieldInputName = (apiName: string) => `profileFields.${apiName}`;

type Editor = Pick<Me, "userID" | "isAdmin" | "permissions">;

/** The fields the viewer may set for the member (the server checks again): all → self and users.edit, restricted → users.edit. */
export function editableProfileFields(fields: readonly ProfileField[], me: Editor, userID: number): ProfileField[] {
  const editsUsers = me.isAdmin || me.permissions.includes("users.edit");
  const self = me.userID !== 0 && me.userID === userID;
  return fields.filter((field) =>
    field.mutability === "all" ? self || editsUsers : field.mutability === "restricted" && editsUsers,
  );
}

/** A member's values as they may see them (their own: every field): the edit form's starting values. */
export const userProfileFieldsQuery = (api: ApiClient, userID: number) =>
  queryOptions({
    queryKey: [...profileFieldKeys.all, "values", userID] as const,
    queryFn: async ({ signal }) =>
      (await api.get<UserProfileFields>(`/users/${userID}/profile-fields`, undefined, signal)).data,
  });

/** For the edit page's loader: the definitions and the member's values, before the page renders. */
export async function loadProfileFieldsForm(queryClient: QueryClient, api: ApiClient, userID: number): Promise<void> {
  await Promise.all([
    queryClient.ensureQueryData(profileFieldsQuery(api)),
    queryClient.ensureQueryData(userProfileFieldsQuery(api, userID)),
  ]);
}

/**
 * A refused save: the typed values and each field's error by input name (what the fieldset shows again), a
 * message when the refusal names no field, and the API's status.
 */
export interface ProfileFieldsFormResult {
  values: Record<string, string>;
  errors: Record<string, string>;
  message?: string;
  status: number;
}

/**
 * Reads the editable fields from a posted form (a checkbox absent is false; the rest as typed, which the server
 * checks) and saves them in one request. Answers null when saved, else the refusal: the server's 422 per field
 * next to its input, any other refusal as `message`.
 */
export async function saveProfileFields(
  queryClient: QueryClient,
  api: ApiClient,
  form: FormData,
  { me, userID }: { me: Editor; userID: number },
): Promise<ProfileFieldsFormResult | null> {
  const fields = editableProfileFields(await queryClient.ensureQueryData(profileFieldsQuery(api)), me, userID);
  if (fields.length === 0) return null;
  const body: Record<string, unknown> = {};
  const values: Record<string, string> = {};
  for (const field of fields) {
    const name = profileFieldInputName(field.apiName);
    if (field.formType === "checkbox") {
      body[field.apiName] = form.has(name);
      values[name] = form.has(name) ? "1" : "";
      continue;
    }
    const raw = form.get(name);
    const typed = typeof raw === "string" ? raw : "";
    values[name] = typed;
    body[field.apiName] = typed.trim() === "" ? null : field.formType === "tokens" ? typed.split(",") : typed;
  }
  try {
    await profileFieldsApi.patchValues(api, userID, body);
    await queryClient.invalidateQueries({ queryKey: profileFieldKeys.all });
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const errors: Record<string, string> = {};
    for (const [apiName, list] of Object.entries(error.errors)) {
      if (list[0]) errors[profileFieldInputName(apiName)] = list[0].message;
    }
    return {
      values,
      errors,
      ...(Object.keys(errors).length === 0 ? { message: error.message } : {}),
      status: error.status,
    };
  }
}
