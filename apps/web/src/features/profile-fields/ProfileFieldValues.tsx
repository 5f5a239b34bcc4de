import type { ProfileField, UserProfileFields } from "@parley/contracts";
import { displayValue } from "../../lib/field-values.ts";
import styles from "./ProfileFields.module.css";

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
