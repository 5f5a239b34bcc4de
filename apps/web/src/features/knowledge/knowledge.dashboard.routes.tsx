import type { QueryClient } from "@tanstack/react-query";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { KnowledgeBasePatch } from "@parley/contracts";
import { knowledgeBaseStatuses, type KnowledgeBaseStatus } from "@parley/contracts/knowledge-constants";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, recordIDParam } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { knowledgeDashboardApi } from "./knowledge.dashboard.api.ts";
import { baseFromForm, moveSorts } from "./knowledge.dashboard.form.ts";
import { canManageKnowledgeBases, knowledgeDashboardPath } from "./knowledge.dashboard.paths.ts";
import {
  dashboardBaseQuery,
  dashboardBasesQuery,
  dashboardCategoriesQuery,
  knowledgeBaseEditPath,
  knowledgeCachesKey,
} from "./knowledge.dashboard.queries.ts";
import { KnowledgeBaseAddPage } from "./pages/dashboard/KnowledgeBaseAddPage.tsx";
import { KnowledgeBaseEditPage } from "./pages/dashboard/KnowledgeBaseEditPage.tsx";
import { KnowledgeBasesDashboardPage } from "./pages/dashboard/KnowledgeBasesDashboardPage.tsx";

/**
 * `/dashboard/knowledge`: the knowledge bases; `/dashboard/knowledge/add` and `/dashboard/knowledge/{id}`: a base's
 * details, its categories (added, renamed, ordered, deleted) and its deletion. Every write is a plain form post
 * with an intent, deleting asks first (a second post), so it all works without JavaScript; the API checks each
 * write again (site.manage for the bases, articles.add for their categories).
 */
export function createKnowledgeDashboardRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManageKnowledgeBases, "Knowledge Bases");
  const baseID = (raw: string | undefined) => recordIDParam(raw, "Knowledge Base");
  // Readers' pages and the dashboard's both: a base or a category changed shows everywhere at once.
  const dropCaches = () => queryClient.invalidateQueries({ queryKey: knowledgeCachesKey });

  /** One write of the edit page: what the API is asked, and what the page says once it is done. */
  const edit = async (
    knowledgeBaseID: number,
    form: FormData,
  ): Promise<FormResult | Response | ReturnType<typeof formInvalid> | null> => {
    const intent = formValue(form, "intent");
    const categoryID = Number(formValue(form, "knowledgeCategoryID"));
    const categoryName = formValue(form, "categoryName");
    if (intent === "base") {
      const { body, values } = baseFromForm(form);
      const status = formValue(form, "status");
      if (!knowledgeBaseStatuses.includes(status as KnowledgeBaseStatus))
        return formInvalid({ status: t("Choose a status.") }, { ...values, intent, status });
      const patch: KnowledgeBasePatch = { ...body, status: status as KnowledgeBaseStatus };
      await knowledgeDashboardApi.updateBase(api, knowledgeBaseID, patch);
      return { ok: true, message: t("The knowledge base has been saved.") };
    }
    if (intent === "delete") {
      const name = formValue(form, "name");
      if (formValue(form, "confirmed") !== "yes") return { values: { intent, name, confirm: "delete" } };
      await knowledgeDashboardApi.removeBase(api, knowledgeBaseID);
      return redirect(`${knowledgeDashboardPath}?deleted=${encodeURIComponent(name)}`);
    }
    if (intent === "add-category") {
      const name = formValue(form, "name").trim();
      await knowledgeDashboardApi.createCategory(api, { name, parentID: Number(formValue(form, "parentID")) });
      return { ok: true, message: t("“{name}” has been added.", { name }) };
    }
    if (intent === "rename-category") {
      const name = formValue(form, "name").trim();
      await knowledgeDashboardApi.updateCategory(api, categoryID, { name });
      return { ok: true, message: t("“{name}” has been saved.", { name }) };
    }
    if (intent === "move-up" || intent === "move-down") {
      const categories = await knowledgeDashboardApi.categories(api, knowledgeBaseID);
      const moving = categories.find((category) => category.knowledgeCategoryID === categoryID);
      if (!moving) return { message: t("The category no longer exists."), values: { intent } };
      const siblings = categories.filter((category) => category.parentID === moving.parentID);
      // Every sibling whose place changes, in one request: the server writes them in one transaction.
      const changes = moveSorts(siblings, categoryID, intent === "move-up" ? "up" : "down");
      if (changes.length)
        await knowledgeDashboardApi.reorder(
          api,
          knowledgeBaseID,
          changes.map((change) => ({
            recordType: "knowledgeCategory" as const,
            recordID: change.knowledgeCategoryID,
            parentID: moving.parentID,
            sort: change.sort,
          })),
        );
      return {
        ok: true,
        message:
          intent === "move-up"
            ? t("“{name}” has been moved up.", { name: moving.name })
            : t("“{name}” has been moved down.", { name: moving.name }),
      };
    }
    if (intent === "delete-category") {
      if (formValue(form, "confirmed") !== "yes") {
        return {
          values: { intent, confirm: "delete-category", knowledgeCategoryID: String(categoryID), categoryName },
        };
      }
      await knowledgeDashboardApi.removeCategory(api, categoryID);
      return { ok: true, message: t("“{name}” has been deleted.", { name: categoryName }) };
    }
    return null;
  };

  return [
    {
      id: "kb-dashboard",
      path: "dashboard/knowledge",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        await loadOrThrow("Knowledge Bases", () => queryClient.ensureQueryData(dashboardBasesQuery(api)));
        return null;
      },
      element: <KnowledgeBasesDashboardPage />,
    },
    {
      id: "kb-dashboard-add",
      path: "dashboard/knowledge/add",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const { body, values } = baseFromForm(await request.formData());
        try {
          const base = await knowledgeDashboardApi.createBase(api, body);
          await dropCaches();
          return redirect(`${knowledgeBaseEditPath(base.knowledgeBaseID)}?added=1`);
        } catch (error) {
          return formError(error, values);
        }
      },
      element: <KnowledgeBaseAddPage />,
    },
    {
      id: "kb-dashboard-base",
      path: "dashboard/knowledge/:knowledgeBaseID",
      loader: async ({ request, params }: LoaderFunctionArgs) => {
        await requireManager(request);
        const knowledgeBaseID = baseID(params["knowledgeBaseID"]);
        await loadOrThrow("Knowledge Base", () =>
          Promise.all([
            queryClient.ensureQueryData(dashboardBaseQuery(api, knowledgeBaseID)),
            queryClient.ensureQueryData(dashboardCategoriesQuery(api, knowledgeBaseID)),
          ]),
        );
        return null;
      },
      action: async ({ request, params }: ActionFunctionArgs) => {
        await requireManager(request);
        const knowledgeBaseID = baseID(params["knowledgeBaseID"]);
        const form = await request.formData();
        const values: Record<string, string> = {
          intent: formValue(form, "intent"),
          knowledgeCategoryID: formValue(form, "knowledgeCategoryID"),
          ...(formValue(form, "intent") === "base" ? baseFromForm(form).values : {}),
          name: formValue(form, "name"),
          parentID: formValue(form, "parentID"),
          status: formValue(form, "status"),
        };
        try {
          return await edit(knowledgeBaseID, form);
        } catch (error) {
          return formError(error, values);
        } finally {
          await dropCaches();
        }
      },
      element: <KnowledgeBaseEditPage />,
    },
  ];
}
