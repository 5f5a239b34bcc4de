import type { QueryClient } from "@tanstack/react-query";
import { warningRules } from "@parley/contracts/warnings-constants";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { meQuery } from "../users/index.ts";
import { warningsApi } from "./warnings.manage.api.ts";
import { canSeeWarnings, canWarnMembers, userNotesQuery, warningsQuery } from "./warnings.manage.queries.ts";
import { warningKeys, warningSummaryQuery } from "./warnings.queries.ts";

/** The form field naming what a profile's warnings form does (the profile's other forms post other fields). */
export const warningFields = { intent: "warningIntent", userID: "warnedUserID" } as const;

type Intent = "warn" | "reverse" | "addNote" | "deleteNote";
const intents: readonly string[] = ["warn", "reverse", "addNote", "deleteNote"] satisfies Intent[];

/** What the profile shows of a member's warnings and notes, fetched before it renders (its loader). */
export async function prefetchProfileWarnings(queryClient: QueryClient, api: ApiClient, userID: number) {
  const me = await queryClient.ensureQueryData(meQuery(api));
  if (!canSeeWarnings(me, userID)) return;
  await Promise.all([
    queryClient.prefetchQuery(warningsQuery(api, userID)),
    queryClient.prefetchQuery(warningSummaryQuery(api, userID)),
    canWarnMembers(me) && me.userID !== userID ? queryClient.prefetchQuery(userNotesQuery(api, userID)) : null,
  ]);
}

const whole = (value: string, fallback: number) => {
  const number = Number.parseInt(value, 10);
  return Number.isFinite(number) ? number : fallback;
};

/**
 * The profile's warnings forms (plain posts, so they work without JavaScript): warn, reverse a warning, add or
 * delete a note. Null when the post is not one of them (the profile's other forms).
 */
export async function warningsAction(
  form: FormData,
  { queryClient, api }: { queryClient: QueryClient; api: ApiClient },
): Promise<FormResult | ReturnType<typeof formError> | null> {
  const intent = formValue(form, warningFields.intent);
  const userID = Number(formValue(form, warningFields.userID));
  if (!intents.includes(intent) || !Number.isInteger(userID)) return null;
  const values: Record<string, string> = { [warningFields.intent]: intent };
  try {
    if (intent === "warn") {
      for (const name of ["reason", "points", "expireDays"]) values[name] = formValue(form, name);
      const reason = (values["reason"] ?? "").trim();
      if (!reason) return formInvalid({ reason: t("Say why you warn this member.") }, values);
      const warning = await warningsApi.warn(api, userID, {
        reason,
        points: whole(values["points"] ?? "", warningRules.defaultPoints),
        expireDays: whole(values["expireDays"] ?? "", warningRules.defaultExpireDays),
      });
      const message =
        warning.consequence === "ban"
          ? t("The member has been warned, and banned: their points reached the site's limit.")
          : warning.consequence === "readOnly"
            ? t("The member has been warned, and can't post for now: their points reached the site's limit.")
            : t("The member has been warned and notified.");
      return { ok: true, message };
    }
    if (intent === "reverse") {
      await warningsApi.reverse(api, userID, Number(formValue(form, "warningID")));
      return { ok: true, message: t("The warning has been reversed: it counts no more.") };
    }
    if (intent === "addNote") {
      values["note"] = formValue(form, "note");
      if (!values["note"].trim()) return formInvalid({ note: t("Write the note first.") }, values);
      await warningsApi.addNote(api, userID, { body: values["note"].trim() });
      return { ok: true, message: t("The note has been added. Only moderators see it.") };
    }
    await warningsApi.removeNote(api, userID, Number(formValue(form, "userNoteID")));
    return { ok: true, message: t("The note has been deleted.") };
  } catch (error) {
    return formError(error, values, { body: intent === "addNote" ? "note" : "reason" });
  } finally {
    await queryClient.invalidateQueries({ queryKey: warningKeys.member(userID) });
  }
}
