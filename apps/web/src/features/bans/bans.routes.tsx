import type { QueryClient } from "@tanstack/react-query";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { banRulesPagePath, banTypes, type BanType } from "@parley/contracts/ban-rules-constants";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { banRulesApi } from "./bans.api.ts";
import { banRuleKeys, banRulesQuery, canManageBanRules } from "./bans.queries.ts";
import { BanRulesPage, readListPage } from "./pages/BanRulesPage.tsx";

const isBanType = (value: string): value is BanType => (banTypes as readonly string[]).includes(value);

/** The form's "Expires" day as the API's date (its start, UTC); null when empty; undefined when not a day. */
export function expiryOf(day: string): string | null | undefined {
  if (!day) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(at) ? undefined : new Date(at).toISOString();
}

/**
 * `/dashboard/users/bans`: the ban rules for site and community managers: add one, change one (`?edit=ID`), delete
 * one. Plain form posts, so it works without JavaScript; the profile's "Ban this address" posts here too.
 */
export function createBanRulesRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManageBanRules, "Ban rules");
  return [
    {
      id: "ban-rules",
      path: banRulesPagePath.slice(1),
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        const page = readListPage(new URL(request.url).searchParams);
        await loadOrThrow("Ban rules", () => queryClient.ensureQueryData(banRulesQuery(api, page)));
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const banType = formValue(form, "banType");
        const banValue = formValue(form, "banValue").trim();
        const notes = formValue(form, "notes").trim();
        const banID = formValue(form, "banID");
        const banMatchingMembers = formValue(form, "banMatchingMembers");
        const dateExpires = formValue(form, "dateExpires").trim();
        const values = { intent, banType, banValue, notes, banID, banMatchingMembers, dateExpires };
        try {
          if (intent === "add" || intent === "edit") {
            if (!isBanType(banType)) return formInvalid({ banType: t("Choose what the rule matches.") }, values);
            if (!banValue) return formInvalid({ banValue: t("Enter what the rule matches.") }, values);
            // The day the rule stops applying, from its start (UTC); empty: never.
            const expires = expiryOf(dateExpires);
            if (expires === undefined)
              return formInvalid({ dateExpires: t("Enter a date such as 2030-12-31, or leave it empty.") }, values);
            const body = { banType, banValue, notes: notes || null, dateExpires: expires };
            const banning = banMatchingMembers === "1";
            const saved =
              intent === "add"
                ? await banRulesApi.add(api, { ...body, ...(banning ? { banMatchingMembers: true } : {}) })
                : await banRulesApi.update(api, Number(banID), body);
            const message =
              intent === "edit"
                ? t("The rule “{value}” is saved.", { value: saved.banValue })
                : banning
                  ? t("The rule “{value}” is added. Members it matched and banned: {count}.", {
                      value: saved.banValue,
                      count: saved.countUsers,
                    })
                  : t("The rule “{value}” is added. It matches {count} members; they are not banned by it.", {
                      value: saved.banValue,
                      count: saved.countUsers,
                    });
            return { ok: true, message } satisfies FormResult;
          }
          if (intent === "delete") {
            await banRulesApi.remove(api, Number(banID));
            return { ok: true, message: t("The rule “{value}” is deleted.", { value: banValue }) } satisfies FormResult;
          }
          return null;
        } catch (error) {
          return formError(error, values);
        } finally {
          await queryClient.invalidateQueries({ queryKey: banRuleKeys.all });
        }
      },
      element: <BanRulesPage />,
    },
  ];
}
