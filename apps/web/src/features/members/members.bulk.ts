import type { Role } from "@parley/contracts";
import { userRules } from "@parley/contracts/user-rules";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { currentLocale, t } from "../../lib/i18n.ts";
import { membersApi } from "./members.api.ts";
import { banEnd } from "./members.bans.ts";

/** What the members' list does to the members checked: the bulk action select's values. */
const bulkActions = ["add-role", "remove-role", "ban", "delete"] as const;
type BulkAction = (typeof bulkActions)[number];

export const deleteMethods = ["keep", "wipe", "delete"] as const;
type DeleteMethod = (typeof deleteMethods)[number];

/** The API's field names as the bulk form names its fields. */
const fieldNames = {
  addRoleIDs: "bulkRoleID",
  removeRoleIDs: "bulkRoleID",
  reason: "banReason",
  dateBanExpires: "banFor",
};

/**
 * The members a bulk post names: the boxes checked, every member of the page with "select all on this page" (the
 * page lists their ids in hidden fields, so it works without JavaScript), and the confirmation's `userIDs`.
 */
export function bulkUserIDs(form: FormData): number[] {
  const raw = [
    ...form.getAll("userID"),
    ...(formValue(form, "allOnPage") === "yes" ? form.getAll("pageUserID") : []),
    ...formValue(form, "userIDs").split(","),
  ];
  const ids = raw.filter((value): value is string => typeof value === "string" && /^[1-9]\d{0,9}$/.test(value));
  return [...new Set(ids.map(Number))].sort((a, b) => a - b);
}

/** The bulk form's fields as posted, to show again (and to carry through the confirmation). */
function bulkValues(form: FormData): Record<string, string> {
  return {
    intent: "bulk",
    bulkAction: formValue(form, "bulkAction"),
    bulkRoleID: formValue(form, "bulkRoleID"),
    banReason: formValue(form, "banReason"),
    banFor: formValue(form, "banFor"),
    deleteMethod: formValue(form, "deleteMethod"),
    userIDs: bulkUserIDs(form).join(","),
  };
}

/**
 * A bulk post of the members' list: check the form → ask first (ban, delete) → the API's bulk call → what the list
 * says once it is done. The API's refusals come back beside their fields (or as the bar's alert, naming the members).
 */
export async function runBulkAction(api: ApiClient, form: FormData, roles: Role[]) {
  const values = bulkValues(form);
  const action = values["bulkAction"] as BulkAction;
  const userIDs = bulkUserIDs(form);
  const confirmed = formValue(form, "confirmed") === "yes";
  if (!bulkActions.includes(action)) return formInvalid({ bulkAction: t("Choose what to do.") }, values);
  if (userIDs.length === 0) return formInvalid({ userIDs: t("Select at least one member.") }, values);
  if (userIDs.length > userRules.bulkMaxUsers) {
    const max = String(userRules.bulkMaxUsers);
    return formInvalid({ userIDs: t("Select at most {max} members at once.", { max }) }, values);
  }
  try {
    if (action === "add-role" || action === "remove-role") {
      const role = roles.find((candidate) => String(candidate.roleID) === values["bulkRoleID"]);
      if (!role) return formInvalid({ bulkRoleID: t("Choose a role.") }, values);
      const adding = action === "add-role";
      await membersApi.bulkRoles(api, {
        userIDs,
        ...(adding ? { addRoleIDs: [role.roleID] } : { removeRoleIDs: [role.roleID] }),
      });
      const count = userIDs.length.toLocaleString(currentLocale());
      const message = adding
        ? userIDs.length === 1
          ? t("{role} has been added to 1 member.", { role: role.name })
          : t("{role} has been added to {count} members.", { role: role.name, count })
        : userIDs.length === 1
          ? t("{role} has been removed from 1 member.", { role: role.name })
          : t("{role} has been removed from {count} members.", { role: role.name, count });
      return { ok: true, message } satisfies FormResult;
    }
    if (action === "ban") {
      const ends = banEnd(values["banFor"] ?? "", Date.now());
      if (ends === undefined) return formInvalid({ banFor: t("Choose how long the ban lasts.") }, values);
      if (!confirmed) return { values: { ...values, confirm: "bulk-ban" } } satisfies FormResult;
      await membersApi.bulkBan(api, {
        userIDs,
        banned: true,
        reason: values["banReason"]?.trim() || null,
        dateBanExpires: ends,
      });
      const message =
        userIDs.length === 1
          ? t("1 member has been banned.")
          : t("{count} members have been banned.", { count: userIDs.length.toLocaleString(currentLocale()) });
      return { ok: true, message } satisfies FormResult;
    }
    const method = values["deleteMethod"] as DeleteMethod;
    if (!deleteMethods.includes(method))
      return formInvalid({ deleteMethod: t("Choose what becomes of the posts.") }, values);
    if (!confirmed) return { values: { ...values, confirm: "bulk-delete" } } satisfies FormResult;
    await membersApi.bulkDelete(api, { userIDs, deleteMethod: method });
    const message =
      userIDs.length === 1
        ? t("1 member has been deleted.")
        : t("{count} members have been deleted.", { count: userIDs.length.toLocaleString(currentLocale()) });
    return { ok: true, message } satisfies FormResult;
  } catch (error) {
    return formError(error, values, fieldNames);
  }
}
