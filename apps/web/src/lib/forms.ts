import { data } from "react-router";
import { ApiError } from "./api.ts";

/** What a form's action returns when it does not navigate away: messages and the values to keep. */
export interface FormResult {
  /** A message about the whole form (an error unless `ok`). */
  message?: string;
  ok?: boolean;
  /** Field name → its error message. */
  errors?: Record<string, string>;
  /** The submitted values to show again (never passwords). */
  values?: Record<string, string>;
  /** What the API's refusal offers beside its message (its `description` and `actionButton`). */
  description?: string;
  action?: { label: string; url: string };
}

export const formValue = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * An API failure as the form shows it: field errors next to their fields (by the API's field names,
 * renamed where the form's differ), anything else as the form's message; with the API's status.
 */
export function formError(error: unknown, values: Record<string, string>, fieldNames: Record<string, string> = {}) {
  if (!(error instanceof ApiError)) throw error;
  const errors: Record<string, string> = {};
  for (const [field, list] of Object.entries(error.errors)) {
    if (list[0]) errors[fieldNames[field] ?? field] = list[0].message;
  }
  const result: FormResult = { values, errors };
  if (Object.keys(errors).length === 0) {
    result.message = error.message;
    if (error.description) result.description = error.description;
    if (error.actionButton) result.action = { label: error.actionButton.label, url: error.actionButton.url };
  }
  return data(result, { status: error.status });
}

/** A check that failed in the form itself, before calling the API. */
export const formInvalid = (errors: Record<string, string>, values: Record<string, string>) =>
  data<FormResult>({ errors, values }, { status: 400 });
