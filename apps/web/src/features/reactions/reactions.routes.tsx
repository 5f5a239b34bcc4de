import type { QueryClient } from "@tanstack/react-query";
import type { ReactionTypePatch } from "@parley/contracts";
import { limits } from "@parley/contracts/limits";
import { type ActionFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { reactionsApi } from "./reactions.api.ts";
import { canManageReactions, reactionKeys, reactionTypesQuery } from "./reactions.queries.ts";
import { ReactionsDashboardPage } from "./pages/ReactionsDashboardPage.tsx";

const { pointsMax } = limits.reactions;

/** The points as typed: a whole number in range, or undefined. */
const parsePoints = (typed: string) => {
  const points = Number(typed);
  return typed !== "" && Number.isInteger(points) && Math.abs(points) <= pointsMax ? points : undefined;
};

/**
 * `/dashboard/reactions`: the reaction types, for community.manage: turn each on or off, and rename,
 * describe and re-point it. Every step is a plain form post, so it all works without JavaScript.
 */
export function createReactionsRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManageReactions, "Reactions");

  return [
    {
      id: "dashboard-reactions",
      path: "dashboard/reactions",
      loader: async ({ request }) => {
        await requireManager(request);
        await loadOrThrow("Reactions", () => queryClient.ensureQueryData(reactionTypesQuery(api)));
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const urlCode = formValue(form, "urlCode");
        const name = formValue(form, "name").trim();
        const values: Record<string, string> = { intent, urlCode, name };
        try {
          if (intent === "active" && urlCode) {
            const type = await reactionsApi.updateType(api, urlCode, { active: formValue(form, "active") === "1" });
            return {
              ok: true,
              message: type.active
                ? t("“{name}” is on: posts offer it.", { name: type.name })
                : t("“{name}” is off: posts no longer offer it.", { name: type.name }),
            } satisfies FormResult;
          }
          if (intent === "edit" && urlCode) {
            const description = formValue(form, "description").trim();
            const typedPoints = formValue(form, "points").trim();
            const edit = { ...values, description, points: typedPoints };
            const errors: Record<string, string> = {};
            if (!name) errors["name"] = t("The name is required.");
            const points = parsePoints(typedPoints);
            if (points === undefined)
              errors["points"] = t("Points are a whole number from -{max} to {max}.", { max: pointsMax });
            if (Object.keys(errors).length > 0) return formInvalid(errors, edit);
            const body: ReactionTypePatch = { name, description, ...(points !== undefined ? { points } : {}) };
            try {
              const type = await reactionsApi.updateType(api, urlCode, body);
              return { ok: true, message: t("“{name}” has been saved.", { name: type.name }) } satisfies FormResult;
            } catch (error) {
              return formError(error, edit);
            }
          }
          return null;
        } catch (error) {
          return formError(error, values);
        } finally {
          await queryClient.invalidateQueries({ queryKey: reactionKeys.all });
        }
      },
      element: <ReactionsDashboardPage />,
    },
  ];
}
