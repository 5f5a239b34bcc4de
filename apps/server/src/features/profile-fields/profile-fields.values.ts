import {
  profileFieldMessages as messages,
  profileFieldRules as rules,
  type FieldError,
  type ProfileField,
  type ProfileFieldValue,
} from "@parley/contracts";
import { fieldError } from "../../platform/errors.ts";

/*
 * A member's value of one field, checked against its definition: the value to store (null clears it) or the
 * field's error (422 naming the field).
 */

/** What a value is checked against: a profile field, or a post field named as its value is (`postMeta.…`). */
export type CheckedField = Pick<ProfileField, "apiName" | "label" | "dataType" | "formType" | "dropdownOptions">;

const say = (template: string, field: CheckedField) => template.replace("{label}", field.label);
const invalid = (field: CheckedField, template: string) =>
  fieldError(field.apiName, "invalid", say(template, field), 422);

/** A real calendar date written YYYY-MM-DD (a date-time's date part is accepted). */
function calendarDate(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const iso = date.toISOString().slice(0, 10);
  return iso === `${year}-${month}-${day}` ? iso : null;
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.length === 0);

export type CheckedValue = { value: Exclude<ProfileFieldValue, null> | null } | { error: FieldError };

/** Checks one value against its field; an empty value is null (unset), which `required` refuses later. */
export function checkValue(field: CheckedField, value: unknown): CheckedValue {
  if (isEmpty(value)) return { value: null };
  if (field.formType === "dropdown") {
    const options = field.dropdownOptions ?? [];
    const match = options.find((option) => option === value || String(option) === String(value));
    return match === undefined ? { error: invalid(field, messages.notAnOption) } : { value: match };
  }
  switch (field.dataType) {
    case "text": {
      if (typeof value !== "string") return { error: invalid(field, messages.notText) };
      const max = field.formType === "text-multiline" ? rules.textBlockMaxLength : rules.textMaxLength;
      if (value.length > max)
        return { error: fieldError(field.apiName, "maxLength", say(messages.tooLong, field), 422) };
      return { value: field.formType === "text-multiline" ? value.trim() : value.trim().replace(/\s+/g, " ") };
    }
    case "number": {
      const number = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : NaN;
      return Number.isFinite(number) ? { value: number } : { error: invalid(field, messages.notANumber) };
    }
    case "boolean":
      return typeof value === "boolean" ? { value } : { error: invalid(field, messages.notABoolean) };
    case "date": {
      const date = calendarDate(value);
      return date ? { value: date } : { error: invalid(field, messages.notADate) };
    }
    case "string[]": {
      const tokens = typeof value === "string" ? value.split(",") : value;
      if (!Array.isArray(tokens) || !tokens.every((token) => typeof token === "string"))
        return { error: invalid(field, messages.notTokens) };
      const cleaned = [...new Set(tokens.map((token: string) => token.trim()).filter(Boolean))];
      if (cleaned.length > rules.maxTokens || cleaned.some((token) => token.length > rules.optionMaxLength))
        return { error: fieldError(field.apiName, "maxLength", say(messages.tooLong, field), 422) };
      return { value: cleaned.length ? cleaned : null };
    }
    default:
      return { error: invalid(field, messages.notText) };
  }
}

/** The field a required check refuses: required, and (after the write) without a value. */
export const missingError = (field: CheckedField) =>
  fieldError(field.apiName, "missingField", say(messages.missing, field), 422);
