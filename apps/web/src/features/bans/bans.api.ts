import type { BanRule, BanRulePatch, BanRulePost, MemberIpAddress } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** Parley's `/ban-rules` (site.manage or community.manage) and a member's `/users/{id}/ip-addresses` (personalInfo.view). */
export const banRulesApi = {
  list: async (api: ApiClient, page: number, signal?: AbortSignal) => {
    const { data, paging } = await api.get<BanRule[]>("/ban-rules", { page, limit: 30 }, signal);
    return { items: data, total: paging?.total ?? data.length };
  },
  add: async (api: ApiClient, body: BanRulePost) =>
    (await api.request<BanRule>({ method: "POST", path: "/ban-rules", body })).data,
  update: async (api: ApiClient, banID: number, body: BanRulePatch) =>
    (await api.request<BanRule>({ method: "PATCH", path: `/ban-rules/${banID}`, body })).data,
  remove: async (api: ApiClient, banID: number) => {
    await api.request({ method: "DELETE", path: `/ban-rules/${banID}` });
  },
  ipAddresses: async (api: ApiClient, userID: number, signal?: AbortSignal) =>
    (await api.get<MemberIpAddress[]>(`/users/${userID}/ip-addresses`, {}, signal)).data,
};
