import type { ProfileField, UserProfileFields } from "@parley/contracts";
import { formatDate } from "../../lib/dates.ts";
import { t } from "../../lib/i18n.ts";
import styles from "./ProfileFields.module.css";

/** A value as a reader sees it: dates in words, a checkbox Yes or No, tokens joined; "" when there is none. */
export function displayValue(field: ProfileField, value: UserProfileFields[string] | undefined): string {
  if (value === null || value === undefined) return "";
  if (field.dataType === "boolean") return value === true ? t("Yes") : t("No");
  if (field.dataType === "date" && typeof value === "string")
    return formatDate(`${value.slice(0, 10)}T00:00:00Z`, "default", { timeZone: "UTC" });
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/**
 * The member's field values a viewer may see (the server sent only those), in the fields' order: on the profile
 * (`where="profiles"`) or the user card (`where="userCards"`), each as its display options say. Nothing when none.
 */
export function ProfileFieldValues({
  fields,
  values,
  where,
  className,
}: {
  fields: readonly ProfileField[];
  values: UserProfileFields | undefined;
  where: "profiles" | "userCards";
  className?: string | undefined;
}) {
  const shown = fields.flatMap((field) => {
    if (!field.displayOptions[where] || !values) return [];
    const text = displayValue(field, values[field.apiName]);
    return text ? [{ field, text }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <dl className={className ?? styles.values} data-profile-fields={where}>
      {shown.map(({ field, text }) => (
        <div key={field.apiName} data-field={field.apiName}>
          <dt>{field.label}</dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
  );
}
