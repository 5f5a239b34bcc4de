import type { FragmentDetails, FragmentPreviewData } from "@parley/contracts";
import { formValue } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";

/** The editor's fields as the form posts them (all text). */
export interface FragmentFormValues extends Record<string, string> {
  name: string;
  fragmentType: string;
  js: string;
  css: string;
  previewData: string;
}

/** The preview data set the editor writes: the fragment's first, or this one when it has none. */
const EDITOR_PREVIEW_DATA_UUID = "editor";

/** A new fragment's fields. */
export const newFragmentValues = (): FragmentFormValues => ({
  name: "",
  fragmentType: "CustomFragment",
  js: 'fragment.root.textContent = "Hello, " + (fragment.props.name || "world") + "!";',
  css: "",
  previewData: JSON.stringify({ name: "friends" }, null, 2),
});

/** A revision's code as the form shows it. */
export const fragmentValues = (fragment: FragmentDetails): FragmentFormValues => ({
  name: fragment.name,
  fragmentType: fragment.fragmentType,
  js: fragment.js,
  css: fragment.css,
  previewData: JSON.stringify(fragment.previewData[0]?.data ?? {}, null, 2),
});

/**
 * The posted form: its values, what is wrong with them (the name, the preview data's JSON), and the preview data
 * sets to save: the editor's props replace the first set's, the others are kept.
 */
export function readFragmentForm(form: FormData, existing: FragmentPreviewData[] = []) {
  const values: FragmentFormValues = {
    intent: formValue(form, "intent"),
    name: formValue(form, "name").trim(),
    fragmentType: formValue(form, "fragmentType").trim(),
    js: formValue(form, "js"),
    css: formValue(form, "css"),
    previewData: formValue(form, "previewData"),
  };
  const errors: Record<string, string> = {};
  if (!values.name) errors["name"] = t("Name is required.");
  let data: Record<string, unknown> = {};
  if (values.previewData.trim()) {
    try {
      const parsed: unknown = JSON.parse(values.previewData);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) data = parsed as Record<string, unknown>;
      else
        errors["previewData"] = t("Preview data must be a JSON object, such as {example}.", {
          example: '{"name": "friends"}',
        });
    } catch {
      errors["previewData"] = t("Preview data is not valid JSON.");
    }
  }
  const [first, ...others] = existing;
  const previewData: FragmentPreviewData[] = [
    {
      previewDataUUID: first?.previewDataUUID ?? EDITOR_PREVIEW_DATA_UUID,
      name: first?.name ?? t("Preview"),
      description: first?.description ?? "",
      data,
    },
    ...others,
  ];
  return { values, errors, previewData };
}

/** The API's field names where the form's differ (a preview data set's props are the form's one field). */
export const fragmentFieldOf = (field: string) => (field.startsWith("previewData") ? "previewData" : field);
