import { formatDate } from "./dates.ts";
import { t } from "./i18n.ts";

/**
 * A custom field's value as a reader sees it (a profile field's, a post field's): dates in words, a checkbox Yes or
 * No, tokens joined; "" when there is none. Here, not in either feature, so that the reading pages showing a post's
 * values do not bring the profile fields' forms with them.
 */
export function displayValue(
  field: { dataType: string },
  value: string | number | boolean | string[] | null | undefined,
): string {
  if (value === null || value === undefined) return "";
  if (field.dataType === "boolean") return value === true ? t("Yes") : t("No");
  if (field.dataType === "date" && typeof value === "string")
    return formatDate(`${value.slice(0, 10)}T00:00:00Z`, "default", { timeZone: "UTC" });
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}
