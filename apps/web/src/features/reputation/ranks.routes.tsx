import type { QueryClient } from "@tanstack/react-query";
import type { RankInput } from "@parley/contracts";
import { ranksDashboardPath, rankRules } from "@parley/contracts/ranks-constants";
import { redirect, type ActionFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { canManageRanks, rankKeys, ranksApi, ranksQuery } from "./ranks.queries.ts";
import { RanksDashboardPage } from "./pages/RanksDashboardPage.tsx";

const textFields = ["name", "userTitle"] as const;
const numberFields = ["level", "minPoints", "minPosts", "minDays"] as const;
const abilityFields = ["postLinks", "editContentTimeout"] as const;

/** The rank's form as posted: the body to send, the values to show again, and what is wrong with them. */
function readRankForm(form: FormData) {
  const values: Record<string, string> = { intent: formValue(form, "intent"), rankID: formValue(form, "rankID") };
  for (const name of [...textFields, ...numberFields, ...abilityFields]) values[name] = formValue(form, name).trim();
  const errors: Record<string, string> = {};
  if (!values["name"]) errors["name"] = t("The name is required.");
  if (!values["userTitle"]) errors["userTitle"] = t("The label is required.");
  const numbers: Record<string, number> = {};
  for (const name of numberFields) {
    const typed = values[name] || (name === "level" ? "" : "0");
    const value = Number(typed);
    const min = name === "level" ? 1 : 0;
    const max = name === "level" ? rankRules.maxLevel : rankRules.maxCriterion;
    if (typed === "" || !Number.isInteger(value) || value < min || value > max)
      errors[name] = t("Enter a whole number from {min} to {max}.", { min, max });
    else numbers[name] = value;
  }
  const editWindow = values["editContentTimeout"] ?? "";
  const editContentTimeout = editWindow === "" ? null : Number(editWindow);
  if (
    editContentTimeout !== null &&
    (!Number.isInteger(editContentTimeout) ||
      editContentTimeout < -1 ||
      editContentTimeout > rankRules.maxEditContentTimeout)
  )
    errors["editContentTimeout"] = t("Choose one of the edit windows.");
  const body: RankInput = {
    name: values["name"] ?? "",
    userTitle: values["userTitle"] ?? "",
    level: numbers["level"] ?? 1,
    minPoints: numbers["minPoints"] ?? 0,
    minPosts: numbers["minPosts"] ?? 0,
    minDays: numbers["minDays"] ?? 0,
    postLinks: values["postLinks"] !== "no",
    editContentTimeout,
  };
  return { body, values, errors };
}

/**
 * `/dashboard/ranks`: the ranks (the ranks add-on), for site.manage: add one, edit, delete (asked first, a second
 * post). Every step is a plain form post, so it all works without JavaScript; the API checks each write again.
 */
export function createRanksRoutes({ queryClient, api }: { queryClient: QueryClient; api: ApiClient }): RouteObject[] {
  const requireManager = (request: Request) => requirePermitted(queryClient, api, request, canManageRanks, "Ranks");

  const act = async (form: FormData): Promise<unknown> => {
    const intent = formValue(form, "intent");
    const rankID = Number(formValue(form, "rankID"));
    if (intent === "create" || intent === "edit") {
      const { body, values, errors } = readRankForm(form);
      if (Object.keys(errors).length) return formInvalid(errors, values);
      try {
        const rank = intent === "create" ? await ranksApi.create(api, body) : await ranksApi.patch(api, rankID, body);
        return { ok: true, message: t("“{name}” has been saved.", { name: rank.name }) } satisfies FormResult;
      } catch (error) {
        return formError(error, values);
      }
    }
    if (intent === "delete") {
      const values = { intent, rankID: String(rankID) };
      if (formValue(form, "confirmed") !== "yes") return { values: { ...values, confirm: "delete" } };
      try {
        await ranksApi.remove(api, rankID);
      } catch (error) {
        return formError(error, values);
      }
      return redirect(`${ranksDashboardPath}?deleted=${encodeURIComponent(formValue(form, "name"))}`);
    }
    return null;
  };

  return [
    {
      id: "dashboard-ranks",
      path: "dashboard/ranks",
      loader: async ({ request }) => {
        await requireManager(request);
        await loadOrThrow("Ranks", () => queryClient.ensureQueryData(ranksQuery(api)));
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        try {
          return await act(await request.formData());
        } finally {
          await queryClient.invalidateQueries({ queryKey: rankKeys.all });
        }
      },
      element: <RanksDashboardPage />,
    },
  ];
}
