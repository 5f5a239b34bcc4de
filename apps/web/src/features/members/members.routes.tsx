import type { QueryClient } from "@tanstack/react-query";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError, pageParam, recordIDParam } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { membersApi } from "./members.api.ts";
import {
  canManageMembers,
  memberFilters,
  memberKeys,
  memberQuery,
  memberSessionsQuery,
  membersHref,
  membersQuery,
  rolesQuery,
} from "./members.queries.ts";
import { banEnd } from "./members.bans.ts";
import { deleteMethods, runBulkAction } from "./members.bulk.ts";
import { MemberPage } from "./pages/MemberPage.tsx";
import { MembersPage } from "./pages/MembersPage.tsx";

/**
 * `/dashboard/users`: the members, found, filtered and sorted, for users.edit, with bulk actions on those checked;
 * `/dashboard/users/{id}`: one member's name, e-mail and roles, the e-mail's confirmation, a password reset
 * e-mail, signing them out everywhere, the ban and the deletion. Destructive steps ask first (a second form post),
 * so every step works without JavaScript; the API checks each write again.
 */
export function createMembersRoutes({ queryClient, api }: { queryClient: QueryClient; api: ApiClient }): RouteObject[] {
  const requireManager = (request: Request) => requirePermitted(queryClient, api, request, canManageMembers, "Members");
  const memberID = (raw: string | undefined) => recordIDParam(raw, "User");

  /** One write of the edit panel: what the API is asked, and what the panel says once it is done. */
  const edit = async (userID: number, form: FormData): Promise<FormResult | Response | null> => {
    const intent = formValue(form, "intent");
    const name = formValue(form, "name").trim();
    if (intent === "details") {
      const email = formValue(form, "email").trim();
      await membersApi.patch(api, userID, { name, ...(form.has("email") ? { email } : {}) });
      return { ok: true, message: t("The member’s details have been saved.") };
    }
    if (intent === "roles") {
      const roleID = form.getAll("roleID").map(Number).filter(Number.isInteger);
      await membersApi.patch(api, userID, { roleID });
      return { ok: true, message: t("The member’s roles have been saved.") };
    }
    if (intent === "confirm-email") {
      await membersApi.patch(api, userID, { emailConfirmed: true });
      return { ok: true, message: t("The e-mail address has been confirmed.") };
    }
    if (intent === "ban" || intent === "unban") {
      const ends = banEnd(formValue(form, "banFor"), Date.now());
      if (ends === undefined) return { values: { intent }, errors: { banFor: t("Choose how long the ban lasts.") } };
      await membersApi.ban(
        api,
        userID,
        intent === "ban"
          ? { banned: true, reason: formValue(form, "banReason").trim() || null, dateBanExpires: ends }
          : { banned: false },
      );
      return {
        ok: true,
        message: intent === "ban" ? t("{name} has been banned.", { name }) : t("{name} is no longer banned.", { name }),
      };
    }
    if (intent === "cancel-deletion") {
      await membersApi.cancelScheduledDeletion(api, userID);
      return { ok: true, message: t("{name} will not be deleted: the account is active again.", { name }) };
    }
    if (intent === "request-password") {
      await membersApi.sendPasswordReset(api, userID);
      return { ok: true, message: t("A password reset e-mail is on its way to {name}.", { name }) };
    }
    if (intent === "sign-out") {
      if (formValue(form, "confirmed") !== "yes") return { values: { intent, name, confirm: "sign-out" } };
      await membersApi.signOutEverywhere(api, userID);
      return { ok: true, message: t("{name} has been signed out everywhere.", { name }) };
    }
    if (intent === "reset-two-factor") {
      if (formValue(form, "confirmed") !== "yes") return { values: { intent, name, confirm: "reset-two-factor" } };
      await membersApi.resetTwoFactor(api, userID);
      return { ok: true, message: t("Two-factor authentication is off for {name}.", { name }) };
    }
    if (intent === "delete") {
      const method = formValue(form, "deleteMethod") as (typeof deleteMethods)[number];
      if (!deleteMethods.includes(method)) return { errors: { deleteMethod: t("Choose what becomes of the posts.") } };
      if (formValue(form, "confirmed") !== "yes") {
        return { values: { intent, name, confirm: "delete", deleteMethod: method } };
      }
      await membersApi.remove(api, userID, method);
      return redirect(`${membersHref(1)}?deleted=${encodeURIComponent(name)}`);
    }
    return null;
  };

  return [
    {
      id: "members",
      path: "dashboard/users",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        const search = new URL(request.url).searchParams;
        const page = pageParam(search);
        const filters = memberFilters(search);
        if (page === null || filters === null) throw notFoundError();
        const [list] = await loadOrThrow("Members", () =>
          Promise.all([
            queryClient.ensureQueryData(membersQuery(api, page, filters)),
            queryClient.ensureQueryData(rolesQuery(api)),
          ]),
        );
        if (page > 1 && list.items.length === 0) throw notFoundError();
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const form = await request.formData();
        try {
          return await runBulkAction(api, form, await queryClient.ensureQueryData(rolesQuery(api)));
        } finally {
          await queryClient.invalidateQueries({ queryKey: memberKeys.all });
        }
      },
      element: <MembersPage />,
    },
    {
      id: "member",
      path: "dashboard/users/:userID",
      loader: async ({ request, params }: LoaderFunctionArgs) => {
        await requireManager(request);
        const userID = memberID(params["userID"]);
        await loadOrThrow("User", () =>
          Promise.all([
            queryClient.ensureQueryData(memberQuery(api, userID)),
            queryClient.ensureQueryData(rolesQuery(api)),
            queryClient.ensureQueryData(memberSessionsQuery(api, userID)),
          ]),
        );
        return null;
      },
      action: async ({ request, params }: ActionFunctionArgs) => {
        await requireManager(request);
        const userID = memberID(params["userID"]);
        const form = await request.formData();
        const values: Record<string, string> = {
          intent: formValue(form, "intent"),
          name: formValue(form, "name"),
          email: formValue(form, "email"),
          banReason: formValue(form, "banReason"),
          banFor: formValue(form, "banFor"),
        };
        try {
          return await edit(userID, form);
        } catch (error) {
          return formError(error, values);
        } finally {
          await queryClient.invalidateQueries({ queryKey: memberKeys.all });
        }
      },
      element: <MemberPage />,
    },
  ];
}
