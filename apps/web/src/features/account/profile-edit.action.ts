import type { QueryClient } from "@tanstack/react-query";
import { data } from "react-router";
import type { Me, UserPatch } from "@parley/contracts";
import { ApiError, type ApiClient } from "../../lib/api.ts";
import { formError, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { meQuery } from "../users/index.ts";
import { saveProfileFields } from "../profile-fields/index.ts";
import { profileEditApi } from "./profile-edit.api.ts";
import { profileEditQuery } from "./profile-edit.queries.ts";

/** The form's fields: the API's names, and the photo's (`photo`, the crop box, "Remove photo"). */
export const profileEditFields = {
  name: "name",
  title: "title",
  location: "location",
  about: "about",
  aboutFormat: "aboutFormat",
  signature: "signature",
  signatureFormat: "signatureFormat",
  photo: "photo",
  removePhoto: "removePhoto",
  cropX: "x",
  cropY: "y",
  cropSize: "size",
} as const;

type Deps = { queryClient: QueryClient; api: ApiClient };

/** The text fields the member may change, as sent: what the page shows again when the save is refused. */
function textValues(form: FormData, signatures: boolean, canEditName: boolean) {
  const names = [
    ...(canEditName ? [profileEditFields.name] : []),
    profileEditFields.title,
    profileEditFields.location,
    profileEditFields.about,
    profileEditFields.aboutFormat,
    ...(signatures ? [profileEditFields.signature, profileEditFields.signatureFormat] : []),
  ];
  return Object.fromEntries(names.map((name) => [name, formValue(form, name)]));
}

/** A refused photo: its message beside the photo field (a size or kind refusal has no field of its own). */
function photoRefused(error: unknown, values: Record<string, string>, saved: boolean) {
  if (!(error instanceof ApiError)) throw error;
  const message = Object.values(error.errors)[0]?.[0]?.message ?? error.message;
  return data<FormResult>(
    {
      values,
      errors: { [profileEditFields.photo]: message },
      ...(saved ? { message: t("Your other changes were saved; the photo was not.") } : {}),
    },
    { status: error.status },
  );
}

/**
 * After a save: the member (the title bar's photo) and the form's record read afresh now, as the page rendered next
 * (on the server too, whose loaders take what the cache holds) shows them; every other answer is stale.
 */
async function refresh(queryClient: QueryClient, api: ApiClient, userID: number) {
  await Promise.all([
    queryClient.fetchQuery({ ...meQuery(api), staleTime: 0 }),
    queryClient.fetchQuery({ ...profileEditQuery(api, userID), staleTime: 0 }),
  ]);
  await queryClient.invalidateQueries();
}

/**
 * The profile form's action (a plain form post, multipart for the photo, with or without JavaScript): the custom
 * profile fields first (`PATCH /users/{id}/profile-fields`: a refusal names each wrong field and saves nothing of
 * the form), then the text fields (`PATCH /users/{id}`, refusals beside their fields), then the photo (uploaded with the crop box the page chose, or
 * removed), then every cached answer dropped: the member's name, title and photo show in lists and posts too.
 */
export async function profileEditAction(form: FormData, me: Me, { queryClient, api }: Deps) {
  const record = await queryClient.ensureQueryData(profileEditQuery(api, me.userID));
  const signatures = record.signature !== undefined;
  const values = textValues(form, signatures, record.canEditName);
  const patch: UserPatch = {
    title: values[profileEditFields.title] ?? "",
    location: values[profileEditFields.location] ?? "",
    about: values[profileEditFields.about] ?? "",
    aboutFormat: values[profileEditFields.aboutFormat] || "markdown",
    ...(signatures
      ? {
          signature: values[profileEditFields.signature] ?? "",
          signatureFormat: values[profileEditFields.signatureFormat] || "markdown",
        }
      : {}),
  };
  const name = values[profileEditFields.name]?.trim();
  if (record.canEditName && name && name !== record.name) patch.name = name;
  const fieldsRefused = await saveProfileFields(queryClient, api, form, { me, userID: me.userID });
  if (fieldsRefused) {
    return data<FormResult>(
      {
        values: { ...values, ...fieldsRefused.values },
        errors: fieldsRefused.errors,
        ...(fieldsRefused.message ? { message: fieldsRefused.message } : {}),
      },
      { status: fieldsRefused.status },
    );
  }
  try {
    await profileEditApi.save(api, me.userID, patch);
  } catch (error) {
    return formError(error, values);
  }

  const photo = form.get(profileEditFields.photo);
  try {
    if (formValue(form, profileEditFields.removePhoto) === "1") {
      await profileEditApi.removePhoto(api, me.userID);
    } else if (photo instanceof File && photo.size > 0) {
      const body = new FormData();
      for (const field of [profileEditFields.cropX, profileEditFields.cropY, profileEditFields.cropSize]) {
        const value = formValue(form, field);
        if (value) body.append(field, value);
      }
      body.append(profileEditFields.photo, photo, photo.name);
      await profileEditApi.uploadPhoto(api, me.userID, body);
    }
  } catch (error) {
    await refresh(queryClient, api, me.userID);
    return photoRefused(error, values, true);
  }
  await refresh(queryClient, api, me.userID);
  return { ok: true, message: t("Your profile has been saved.") } satisfies FormResult;
}
