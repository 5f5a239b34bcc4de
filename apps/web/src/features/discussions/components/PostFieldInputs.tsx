import type { PostField } from "@parley/contracts";
import { t } from "../../../lib/i18n.ts";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../../ui/forms/Form.tsx";
import { postMetaName } from "./postFields.form.ts";

/**
 * A post type's fields in the new-post form, each as its form type asks (plain controls: they post without
 * JavaScript). `values` and `errors` are the refused post's, keyed by `postMeta.<id>`.
 */
export function PostFieldInputs({
  fields,
  values,
  errors,
}: {
  fields: readonly PostField[];
  values?: Record<string, string> | undefined;
  errors?: Record<string, string> | undefined;
}) {
  if (!fields.length) return null;
  return (
    <fieldset>
      <legend>{t("Details")}</legend>
      {fields.map((field) => {
        const name = postMetaName(field.postFieldID);
        const common = {
          label: field.isRequired ? `${field.label} ${t("(required)")}` : field.label,
          name,
          error: errors?.[name],
          hint: field.description || undefined,
        };
        const value = values?.[name] ?? "";
        switch (field.formType) {
          case "text-multiline":
            return <TextAreaField key={name} {...common} rows={3} defaultValue={value} />;
          case "dropdown":
            return (
              <SelectField
                key={name}
                {...common}
                defaultValue={value}
                options={[
                  { value: "", label: t("Choose…") },
                  ...(field.dropdownOptions ?? []).map((option) => ({ value: String(option), label: String(option) })),
                ]}
              />
            );
          case "checkbox":
            return <CheckboxField key={name} label={field.label} name={name} defaultChecked={value === "1"} />;
          case "date":
            return <TextField key={name} {...common} type="date" defaultValue={value} />;
          case "number":
            return <TextField key={name} {...common} type="number" step="any" defaultValue={value} />;
          case "tokens":
            return (
              <TextField
                key={name}
                {...common}
                hint={field.description || t("Separate them with commas.")}
                defaultValue={value}
              />
            );
          default:
            return <TextField key={name} {...common} defaultValue={value} />;
        }
      })}
    </fieldset>
  );
}
