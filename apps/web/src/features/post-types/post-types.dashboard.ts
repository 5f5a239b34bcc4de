import type { CategoryTreeItem, PostFieldPatch, PostFieldPost, PostTypePatch, PostTypePost } from "@parley/contracts";
import { postFieldVisibilities } from "@parley/contracts/post-types-constants";
import { formValue } from "../../lib/forms.ts";
import { msg, t } from "../../lib/i18n.ts";
import { fieldKinds, type FieldKind } from "../profile-fields/index.ts";

export const postFieldVisibilityLabels = {
  public: msg("Public: everyone who may read the post"),
  private: msg("Private: the post's author and moderators"),
  internal: msg("Internal: moderators only (they fill it in)"),
} as const;

export const originalTypeLabels: Record<string, string> = {
  discussion: msg("Discussion"),
  question: msg("Question"),
  idea: msg("Idea"),
  poll: msg("Poll"),
};

const oneOf = <T extends string>(value: string, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The category tree in order, each with its depth (the post type form's checkboxes). */
export const flattenCategories = (
  tree: readonly CategoryTreeItem[],
  depth = 0,
): Array<{ id: number; name: string; depth: number }> =>
  tree.flatMap((category) => [
    { id: category.categoryID, name: category.name, depth },
    ...flattenCategories(category.children ?? [], depth + 1),
  ]);

const ids = (form: FormData, name: string) =>
  form.getAll(name).flatMap((value) => (typeof value === "string" && /^\d+$/.test(value) ? [Number(value)] : []));
const strings = (form: FormData, name: string) =>
  form.getAll(name).filter((value): value is string => typeof value === "string" && value !== "");

/** The post type form as posted: the body to send and the values to show again if it is refused. */
export function readPostTypeForm(form: FormData, creating: boolean) {
  const values: Record<string, string> = {};
  for (const name of ["intent", "postTypeID", "name", "parentPostTypeID", "postButtonLabel", "postHelperText"])
    values[name] = formValue(form, name);
  values["isActive"] = form.has("isActive") ? "1" : "";
  values["categoryIDs"] = ids(form, "categoryIDs").join(",");
  values["postFieldIDs"] = strings(form, "postFieldIDs").join(",");
  const errors: Record<string, string> = {};
  if (!values["name"]?.trim()) errors["name"] = t("The name is required.");
  if (creating && !values["postTypeID"]?.trim()) errors["postTypeID"] = t("The ID is required.");
  const patch: PostTypePatch = {
    name: (values["name"] ?? "").trim(),
    postButtonLabel: (values["postButtonLabel"] ?? "").trim(),
    postHelperText: (values["postHelperText"] ?? "").trim(),
    isActive: Boolean(values["isActive"]),
    categoryIDs: ids(form, "categoryIDs"),
    postFieldIDs: strings(form, "postFieldIDs"),
  };
  const post: PostTypePost = {
    ...patch,
    postTypeID: (values["postTypeID"] ?? "").trim(),
    name: patch.name ?? "",
    parentPostTypeID: values["parentPostTypeID"] || "discussion",
  };
  return { post, patch, values, errors };
}

/** The post field form as posted. */
export function readPostFieldForm(form: FormData, creating: boolean) {
  const values: Record<string, string> = {};
  for (const name of [
    "intent",
    "postFieldID",
    "postTypeID",
    "label",
    "description",
    "kind",
    "dropdownOptions",
    "visibility",
  ])
    values[name] = formValue(form, name);
  for (const name of ["isRequired", "isActive"]) values[name] = form.has(name) ? "1" : "";
  const errors: Record<string, string> = {};
  if (!values["label"]?.trim()) errors["label"] = t("The label is required.");
  if (creating && !values["postFieldID"]?.trim()) errors["postFieldID"] = t("The ID is required.");
  const kind = fieldKinds[oneOf(values["kind"] ?? "", Object.keys(fieldKinds) as FieldKind[], "text")];
  const options = (values["dropdownOptions"] ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const patch: PostFieldPatch = {
    label: (values["label"] ?? "").trim(),
    description: (values["description"] ?? "").trim(),
    visibility: oneOf(values["visibility"] ?? "", postFieldVisibilities, "public"),
    isRequired: Boolean(values["isRequired"]),
    isActive: Boolean(values["isActive"]),
    ...(kind.formType === "dropdown" ? { dropdownOptions: options } : {}),
  };
  const post: PostFieldPost = {
    ...patch,
    postFieldID: (values["postFieldID"] ?? "").trim(),
    ...(values["postTypeID"] ? { postTypeID: values["postTypeID"] } : {}),
    label: patch.label ?? "",
    dataType: kind.dataType,
    formType: kind.formType,
    visibility: patch.visibility ?? "public",
  };
  return { post, patch, values, errors };
}
