import { t } from "../../lib/i18n.ts";

/*
 * Field checks before the server answers, in their own module: the pages that only post a form (a reading
 * page's actions) load lib/forms.ts without these messages.
 */

/** What `fieldProblem` reads of a control: its constraint checks and the limits it names. */
export interface CheckedControl {
  validity: Pick<
    ValidityState,
    | "valid"
    | "valueMissing"
    | "typeMismatch"
    | "tooShort"
    | "tooLong"
    | "patternMismatch"
    | "rangeUnderflow"
    | "rangeOverflow"
  >;
  type: string;
  minLength?: number;
  maxLength?: number;
  min?: string;
  max?: string;
}

/**
 * Why a control's value fails its own constraints (`required`, `type`, `minLength`, `pattern` …), in the
 * site's words, for the error shown next to it before the server answers; null when it passes. The
 * server's checks stay the rule: this only words what the browser already knows.
 */
export function fieldProblem(control: CheckedControl, label: string): string | null {
  const { validity } = control;
  if (validity.valid) return null;
  if (validity.valueMissing) return t("{field} is required.", { field: label });
  if (validity.typeMismatch) {
    return control.type === "email" ? t("Enter a valid email address.") : t("Enter a valid web address.");
  }
  if (validity.tooShort)
    return t("{field} needs at least {min} characters.", { field: label, min: control.minLength ?? 0 });
  if (validity.tooLong)
    return t("{field} takes at most {max} characters.", { field: label, max: control.maxLength ?? 0 });
  if (validity.rangeUnderflow) return t("{field} must be at least {min}.", { field: label, min: control.min ?? "" });
  if (validity.rangeOverflow) return t("{field} must be at most {max}.", { field: label, max: control.max ?? "" });
  return t("{field} is not valid.", { field: label });
}
