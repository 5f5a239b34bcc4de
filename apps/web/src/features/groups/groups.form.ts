import type { Group, GroupPost, GroupPrivacy } from "@parley/contracts";
import { groupPrivacies, groupRules } from "@parley/contracts/groups-constants";
import { formValue } from "../../lib/forms.ts";

/** The group editor's fields, as posted (and as the form holds them). */
export interface GroupFormValues {
  name: string;
  description: string;
  privacy: string;
  iconUrl: string;
  bannerUrl: string;
}

export const emptyGroupForm: GroupFormValues = {
  name: "",
  description: "",
  privacy: "public",
  iconUrl: "",
  bannerUrl: "",
};

/** An existing group's values in the form. */
export const groupFormValues = (group: Group): GroupFormValues => ({
  name: group.name,
  description: group.description,
  privacy: group.privacy,
  iconUrl: group.iconUrl ?? "",
  bannerUrl: group.bannerUrl ?? "",
});

export const readGroupForm = (form: FormData): GroupFormValues => ({
  name: formValue(form, "name"),
  description: formValue(form, "description"),
  privacy: formValue(form, "privacy"),
  iconUrl: formValue(form, "iconUrl"),
  bannerUrl: formValue(form, "bannerUrl"),
});

const isPrivacy = (value: string): value is GroupPrivacy => (groupPrivacies as readonly string[]).includes(value);

/** An image address the form accepts: empty, on this site (`/…`), or https (what the pages' CSP loads). */
const isImageUrl = (value: string) =>
  value === "" || (value.startsWith("/") && !value.startsWith("//")) || /^https:\/\/\S+$/i.test(value);

export interface GroupFormMessages {
  name: string;
  nameLength: string;
  descriptionLength: string;
  privacy: string;
  url: string;
}

/** The editor's own checks before the API's (which may still refuse, e.g. a name already taken). */
export function groupFormErrors(values: GroupFormValues, messages: GroupFormMessages): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = values.name.trim();
  if (!name) errors["name"] = messages.name;
  else if (name.length > groupRules.nameMaxLength) errors["name"] = messages.nameLength;
  if (values.description.length > groupRules.descriptionMaxLength) errors["description"] = messages.descriptionLength;
  if (!isPrivacy(values.privacy)) errors["privacy"] = messages.privacy;
  for (const field of ["iconUrl", "bannerUrl"] as const)
    if (!isImageUrl(values[field].trim())) errors[field] = messages.url;
  return errors;
}

/** The API's body: trimmed, empty image addresses as null (cleared). */
export function groupBody(values: GroupFormValues): GroupPost {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    privacy: isPrivacy(values.privacy) ? values.privacy : "public",
    iconUrl: values.iconUrl.trim() || null,
    bannerUrl: values.bannerUrl.trim() || null,
  };
}

/** Whether the form holds edits not saved yet (whitespace at the ends does not count). */
export function isDirty(values: GroupFormValues, saved: GroupFormValues): boolean {
  return (Object.keys(saved) as Array<keyof GroupFormValues>).some((key) => values[key].trim() !== saved[key].trim());
}
