import { useSuspenseQuery } from "@tanstack/react-query";
import type { ProfileField, UserProfileFields } from "@parley/contracts";
import { profileFieldRules } from "@parley/contracts/profile-fields-constants";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { CheckboxField, SelectField, TextAreaField, TextField, formStyles } from "../../ui/forms/Form.tsx";
import { meQuery } from "../users/index.ts";
import { editableProfileFields, profileFieldInputName, userProfileFieldsQuery } from "./profile-fields.form.ts";
import { profileFieldsQuery } from "./profile-fields.queries.ts";
import styles from "./ProfileFields.module.css";

const asText = (value: UserProfileFields[string] | undefined) =>
  value === null || value === undefined ? "" : Array.isArray(value) ? value.join(", ") : String(value);

/** One field's input: its label (marked when required), its description as the hint, its error beside it. */
function FieldInput({ field, value, error }: { field: ProfileField; value: string; error: string | undefined }) {
  const name = profileFieldInputName(field.apiName);
  const required = field.registrationOptions === "required";
  const label = required ? t("{label} (required)", { label: field.label }) : field.label;
  const hint = field.description || undefined;
  const common = { label, name, error, hint, required, defaultValue: value };
  switch (field.formType) {
    case "checkbox":
      return (
        <div className={styles.checkbox}>
          <CheckboxField label={field.label} name={name} defaultChecked={value === "1" || value === "true"} />
          {error ? <p className={formStyles.error}>{error}</p> : null}
        </div>
      );
    case "text-multiline":
      return <TextAreaField {...common} rows={4} maxLength={profileFieldRules.textBlockMaxLength} />;
    case "dropdown":
      return (
        <SelectField
          {...common}
          options={[
            { value: "", label: t("Select…") },
            ...(field.dropdownOptions ?? []).map((option) => ({ value: String(option), label: String(option) })),
          ]}
        />
      );
    case "date":
      return <TextField {...common} type="date" />;
    case "number":
      return <TextField {...common} type="text" inputMode="decimal" />;
    case "tokens":
      return <TextField {...common} hint={hint ?? t("Separate words with commas.")} />;
    default:
      return <TextField {...common} maxLength={profileFieldRules.textMaxLength} />;
  }
}

/**
 * The custom profile fields the viewer may set for a member, inside the edit page's form: each with its label,
 * a required mark and the server's error next to it. The page's loader calls `loadProfileFieldsForm`, its action
 * `saveProfileFields`; `result` is the action's answer (typed values and errors by input name, beside the page's own).
 */
export function ProfileFieldsFieldset({
  userID,
  result,
  className,
  legendClassName,
}: {
  userID: number;
  result?: { values?: Record<string, string>; errors?: Record<string, string> } | undefined;
  /** The host form's look for its fieldsets and their legends (the feature's own by default). */
  className?: string | undefined;
  legendClassName?: string | undefined;
}) {
  const api = useApi();
  const { data: me } = useSuspenseQuery(meQuery(api));
  const { data: fields } = useSuspenseQuery(profileFieldsQuery(api));
  const { data: values } = useSuspenseQuery(userProfileFieldsQuery(api, userID));
  const editable = editableProfileFields(fields, me, userID);
  if (editable.length === 0) return null;
  return (
    <fieldset className={className ?? styles.fieldset}>
      <legend className={legendClassName ?? styles.legend}>{t("Profile Fields")}</legend>
      {editable.map((field) => {
        const name = profileFieldInputName(field.apiName);
        const saved =
          field.formType === "checkbox" ? (values[field.apiName] === true ? "1" : "") : asText(values[field.apiName]);
        return (
          <FieldInput
            key={field.apiName}
            field={field}
            value={result?.values?.[name] ?? saved}
            error={result?.errors?.[name]}
          />
        );
      })}
    </fieldset>
  );
}
