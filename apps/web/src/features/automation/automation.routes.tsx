import type { QueryClient } from "@tanstack/react-query";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { automationRulesPagePath } from "@parley/contracts/automation-rules-constants";
import type { AutomationDispatch, AutomationPreview } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { ApiError } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError, pageParam, recordIDParam } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { automationApi } from "./automation.api.ts";
import { readRuleForm, ruleFieldOf } from "./automation.form.ts";
import { canManageAutomationRules } from "./automation.permissions.ts";
import {
  automationCatalogQuery,
  automationDispatchesQuery,
  automationKeys,
  automationRuleQuery,
  automationRulesQuery,
  ruleCategoriesQuery,
  ruleCollectionsQuery,
  ruleTagsQuery,
} from "./automation.queries.ts";
import { AutomationRulePage } from "./pages/AutomationRulePage.tsx";
import { AutomationRulesPage } from "./pages/AutomationRulesPage.tsx";
import { NewAutomationRulePage } from "./pages/NewAutomationRulePage.tsx";

/** What the rule form's action answers: a preview (the dry run) comes back with the form's values. */
export interface RuleFormResult extends FormResult {
  preview?: AutomationPreview;
}

/** A refusal of the API as the form shows it: each 422 beside its field. */
const refused = (error: unknown, values: Record<string, string>) =>
  formError(
    error,
    values,
    error instanceof ApiError
      ? Object.fromEntries(Object.keys(error.errors).map((field) => [field, ruleFieldOf(field)]))
      : {},
  );

/** A run's outcome as a sentence. */
function ranMessage(dispatch: AutomationDispatch): string {
  if (dispatch.dispatchStatus === "failed")
    return t("The run failed: {reason}", { reason: dispatch.errorMessage ?? "" });
  return t("The run is finished: {affected} of {found} discussions changed, {failed} failed.", {
    affected: String(dispatch.affectedRecordCount),
    found: String(dispatch.estimatedRecordCount),
    failed: String(dispatch.failedRecordCount),
  });
}

/**
 * `/dashboard/automation-rules` (the rules, Activate or Deactivate, Delete), `/dashboard/automation-rules/add` (the
 * form, with Preview) and `/dashboard/automation-rules/{id}` (the rule's form, Preview, Run now and its dispatch
 * log), for site managers. Plain form posts: they work without JavaScript.
 */
export function createAutomationRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManageAutomationRules, "Automation Rules");
  const loadChoices = () =>
    Promise.all([
      queryClient.ensureQueryData(automationCatalogQuery(api)),
      queryClient.ensureQueryData(ruleCategoriesQuery(api)),
      queryClient.ensureQueryData(ruleTagsQuery(api)),
      queryClient.ensureQueryData(ruleCollectionsQuery(api)),
    ]);
  const preview = async (read: ReturnType<typeof readRuleForm>) =>
    ({
      ok: true,
      values: read.values,
      preview: await automationApi.preview(api, { trigger: read.trigger, action: read.action }),
    }) satisfies RuleFormResult;
  return [
    {
      id: "automation-rules",
      path: automationRulesPagePath.slice(1),
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        await loadOrThrow("Automation Rules", () =>
          Promise.all([
            queryClient.ensureQueryData(automationRulesQuery(api)),
            queryClient.ensureQueryData(automationCatalogQuery(api)),
          ]),
        );
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const values = { intent, name: formValue(form, "name") };
        const ruleID = recordIDParam(formValue(form, "automationRuleID"), "Automation Rule");
        try {
          switch (intent) {
            case "activate":
              await automationApi.setStatus(api, ruleID, "active");
              return { ok: true, message: t("“{name}” is active: it runs every hour.", { name: values.name }) };
            case "deactivate":
              await automationApi.setStatus(api, ruleID, "inactive");
              return { ok: true, message: t("“{name}” is inactive: it does not run.", { name: values.name }) };
            case "delete":
              if (formValue(form, "confirmed") !== "yes") return null;
              await automationApi.remove(api, ruleID);
              return redirect(`${automationRulesPagePath}?deleted=${encodeURIComponent(values.name)}`);
            default:
              return null;
          }
        } catch (error) {
          return formError(error, values);
        } finally {
          await queryClient.invalidateQueries({ queryKey: automationKeys.all });
        }
      },
      element: <AutomationRulesPage />,
    },
    {
      id: "automation-rule-add",
      path: `${automationRulesPagePath.slice(1)}/add`,
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        await loadOrThrow("Automation Rules", loadChoices);
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const read = readRuleForm(await request.formData());
        if (Object.keys(read.errors).length) return formInvalid(read.errors, read.values);
        try {
          if (read.values.intent === "preview") return await preview(read);
          const created = await automationApi.add(api, {
            name: read.values.name,
            trigger: read.trigger,
            action: read.action,
          });
          return redirect(
            `${automationRulesPagePath}/${created.automationRuleID}?added=${encodeURIComponent(created.name)}`,
          );
        } catch (error) {
          return refused(error, read.values);
        } finally {
          await queryClient.invalidateQueries({ queryKey: automationKeys.list() });
        }
      },
      element: <NewAutomationRulePage />,
    },
    {
      id: "automation-rule",
      path: `${automationRulesPagePath.slice(1)}/:automationRuleID`,
      loader: async ({ request, params }: LoaderFunctionArgs) => {
        await requireManager(request);
        const ruleID = recordIDParam(params["automationRuleID"], "Automation Rule");
        const page = pageParam(new URL(request.url).searchParams);
        if (page === null) throw notFoundError("Page");
        await loadOrThrow("Automation Rule", () =>
          Promise.all([
            queryClient.ensureQueryData(automationRuleQuery(api, ruleID)),
            queryClient.ensureQueryData(automationDispatchesQuery(api, ruleID, page)),
            loadChoices(),
          ]),
        );
        return null;
      },
      action: async ({ request, params }: ActionFunctionArgs) => {
        await requireManager(request);
        const ruleID = recordIDParam(params["automationRuleID"], "Automation Rule");
        const form = await request.formData();
        const intent = formValue(form, "intent");
        try {
          if (intent === "run") {
            try {
              return { ok: true, message: ranMessage(await automationApi.run(api, ruleID)) } satisfies FormResult;
            } catch (error) {
              return formError(error, { intent });
            }
          }
          if (intent !== "edit" && intent !== "preview") return null;
          const read = readRuleForm(form);
          if (Object.keys(read.errors).length) return formInvalid(read.errors, read.values);
          try {
            if (intent === "preview") return await preview(read);
            const saved = await automationApi.update(api, ruleID, {
              name: read.values.name,
              trigger: read.trigger,
              action: read.action,
            });
            return { ok: true, message: t("“{name}” is saved.", { name: saved.name }) } satisfies FormResult;
          } catch (error) {
            return refused(error, read.values);
          }
        } finally {
          await queryClient.invalidateQueries({ queryKey: automationKeys.all });
        }
      },
      element: <AutomationRulePage />,
    },
  ];
}
