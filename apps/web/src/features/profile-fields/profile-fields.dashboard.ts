import { msg } from "../../lib/i18n.ts";
import type { ProfileField, ProfileFieldPatch, ProfileFieldPost } from "@parley/contracts";
import { profileFieldMutabilities, profileFieldVisibilities } from "@parley/contracts/profile-fields-constants";
import { formValue } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";

/** The kinds the dashboard offers, each Vanilla's dataType/formType pair. */
export const fieldKinds = {
  text: { dataType: "text", formType: "text", label: msg("Text") },
  "text-multiline": { dataType: "text", formType: "text-multiline", label: msg("Text block") },
  dropdown: { dataType: "text", formType: "dropdown", label: msg("Dropdown") },
  number: { dataType: "number", formType: "number", label: msg("Number") },
  checkbox: { dataType: "boolean", formType: "checkbox", label: msg("Checkbox") },
  date: { dataType: "date", formType: "date", label: msg("Date") },
  tokens: { dataType: "string[]", formType: "tokens", label: msg("Tokens") },
} as const satisfies Record<string, Pick<ProfileField, "dataType" | "formType"> & { label: string }>;
export type FieldKind = keyof typeof fieldKinds;

export const kindOf = (field: Pick<ProfileField, "formType">): FieldKind => field.formType;

export const visibilityLabels = {
  public: msg("Public: everyone who may view profiles"),
  internal: msg("Members: signed-in members"),
  private: msg("Private: the member and staff with personalInfo.view"),
} as const;

export const mutabilityLabels = {
  all: msg("The member and administrators"),
  restricted: msg("Administrators only"),
  none: msg("No one (read-only)"),
} as const;

const oneOf = <T extends string>(value: string, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** A dropdown's options, one a line. */
const readOptions = (typed: string) =>
  typed
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** The definition's form as posted: the body to send and the values to show again if it is refused. */
export function readFieldForm(form: FormData, creating: boolean) {
  const values: Record<string, string> = {};
  for (const name of [
    "intent",
    "apiName",
    "label",
    "description",
    "kind",
    "dropdownOptions",
    "visibility",
    "mutability",
  ])
    values[name] = formValue(form, name);
  for (const name of ["required", "userCards", "profiles", "enabled"]) values[name] = form.has(name) ? "1" : "";
  const errors: Record<string, string> = {};
  if (!values["label"]?.trim()) errors["label"] = t("The label is required.");
  if (creating && !values["apiName"]?.trim()) errors["apiName"] = t("The API name is required.");
  const kind = fieldKinds[oneOf(values["kind"] ?? "", Object.keys(fieldKinds) as FieldKind[], "text")];
  const options = readOptions(values["dropdownOptions"] ?? "");
  const patch: ProfileFieldPatch = {
    label: (values["label"] ?? "").trim(),
    description: (values["description"] ?? "").trim(),
    visibility: oneOf(values["visibility"] ?? "", profileFieldVisibilities, "public"),
    mutability: oneOf(values["mutability"] ?? "", profileFieldMutabilities, "all"),
    registrationOptions: values["required"] ? "required" : "optional",
    displayOptions: { userCards: Boolean(values["userCards"]), profiles: Boolean(values["profiles"]) },
    ...(kind.formType === "dropdown" ? { dropdownOptions: options } : {}),
  };
  const post: ProfileFieldPost = {
    ...patch,
    apiName: (values["apiName"] ?? "").trim(),
    label: patch.label ?? "",
    dataType: kind.dataType,
    formType: kind.formType,
    visibility: patch.visibility ?? "public",
    enabled: Boolean(values["enabled"]),
  };
  return { post, patch, values, errors };
}
