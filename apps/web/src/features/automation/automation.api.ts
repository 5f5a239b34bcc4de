import type {
  AutomationCatalog,
  AutomationDispatch,
  AutomationPreview,
  AutomationRule,
  AutomationRulePatch,
  AutomationRulePost,
  AutomationRulePreviewBody,
  AutomationRuleStatus,
  Collection,
} from "@parley/contracts";
import { collectionRules } from "@parley/contracts/collections-constants";
import type { ApiClient } from "../../lib/api.ts";

/** Parley's `/automation-rules` (site.manage). */
export const automationApi = {
  /** The collections a rule may add discussions to (the API's largest page). */
  collections: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<Collection[]>("/collections", { limit: collectionRules.maxLimit }, signal)).data,
  catalog: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<AutomationCatalog>("/automation-rules/catalog", {}, signal)).data,
  list: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<AutomationRule[]>("/automation-rules", {}, signal)).data,
  get: async (api: ApiClient, automationRuleID: number, signal?: AbortSignal) =>
    (await api.get<AutomationRule>(`/automation-rules/${automationRuleID}`, {}, signal)).data,
  add: async (api: ApiClient, body: AutomationRulePost) =>
    (await api.request<AutomationRule>({ method: "POST", path: "/automation-rules", body })).data,
  update: async (api: ApiClient, automationRuleID: number, body: AutomationRulePatch) =>
    (await api.request<AutomationRule>({ method: "PATCH", path: `/automation-rules/${automationRuleID}`, body })).data,
  setStatus: async (api: ApiClient, automationRuleID: number, status: AutomationRuleStatus) =>
    (
      await api.request<AutomationRule>({
        method: "PUT",
        path: `/automation-rules/${automationRuleID}/status`,
        body: { status },
      })
    ).data,
  remove: async (api: ApiClient, automationRuleID: number) => {
    await api.request({ method: "DELETE", path: `/automation-rules/${automationRuleID}` });
  },
  preview: async (api: ApiClient, body: AutomationRulePreviewBody) =>
    (await api.request<AutomationPreview>({ method: "POST", path: "/automation-rules/preview", body })).data,
  run: async (api: ApiClient, automationRuleID: number) =>
    (
      await api.request<AutomationDispatch>({
        method: "POST",
        path: `/automation-rules/${automationRuleID}/trigger`,
        body: {},
      })
    ).data,
  dispatches: async (api: ApiClient, automationRuleID: number, page: number, signal?: AbortSignal) => {
    const { data, paging } = await api.get<AutomationDispatch[]>(
      `/automation-rules/${automationRuleID}/dispatches`,
      { page },
      signal,
    );
    return { items: data, total: paging?.total ?? data.length };
  },
};
