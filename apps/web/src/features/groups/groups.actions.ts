import { formValue, type FormResult } from "../../lib/forms.ts";

/** The buttons of the group and members pages post one of these `intent`s. */
export const groupIntents = ["join", "apply", "leave", "accept", "decline"] as const;
export const memberIntents = ["role", "remove", "approve", "deny", "invite", "withdraw"] as const;

/** The intents that ask first: leaving, removing a member, deleting the group. */
const confirmedIntents = new Set<string>(["leave", "remove", "delete"]);

/** An action's answer: a message, field errors, or (without JavaScript) the question to confirm first. */
export interface GroupActionResult extends FormResult {
  confirm?: { intent: string; userID?: number; name?: string };
}

/** The posted intent among `known`, or null. */
export function readIntent<T extends string>(form: FormData, known: readonly T[]): T | null {
  const intent = formValue(form, "intent");
  return (known as readonly string[]).includes(intent) ? (intent as T) : null;
}

/** A positive `userID` field, or null. */
export function readUserID(form: FormData): number | null {
  const value = formValue(form, "userID");
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/**
 * Whether an intent that asks first was confirmed: with JavaScript the dialog adds `confirmed=1`;
 * without it the first post answers with the question (`confirm`) and its form posts `confirmed=1`.
 */
export const needsConfirmation = (form: FormData, intent: string) =>
  confirmedIntents.has(intent) && formValue(form, "confirmed") !== "1";

/** Names typed in the invite field: split on commas and new lines, trimmed, without repeats (case-insensitive). */
export function splitNames(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(/[,\n]/)) {
    const name = part.trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}
