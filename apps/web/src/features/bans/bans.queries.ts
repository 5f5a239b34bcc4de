import { queryOptions } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { banRulesApi } from "./bans.api.ts";

export const banRuleKeys = {
  all: ["ban-rules"] as const,
  page: (page: number) => [...banRuleKeys.all, "page", page] as const,
  ipAddresses: (userID: number) => [...banRuleKeys.all, "ip-addresses", userID] as const,
};

/** Rules on one page of the dashboard's list (the API's default page size). */
export const BAN_RULES_PAGE_SIZE = 30;

export const banRulesQuery = (api: ApiClient, page: number) =>
  queryOptions({ queryKey: banRuleKeys.page(page), queryFn: ({ signal }) => banRulesApi.list(api, page, signal) });

export const memberIpAddressesQuery = (api: ApiClient, userID: number) =>
  queryOptions({
    queryKey: banRuleKeys.ipAddresses(userID),
    queryFn: ({ signal }) => banRulesApi.ipAddresses(api, userID, signal),
  });

type Viewer = Pick<Me, "userID" | "isAdmin" | "permissions">;

/** Who keeps the ban rules (site.manage or community.manage; the server checks again). */
export const canManageBanRules = (me: Viewer) =>
  me.userID !== 0 &&
  (me.isAdmin || me.permissions.includes("site.manage") || me.permissions.includes("community.manage"));

/** Who sees the addresses members used (personalInfo.view; the server checks again). */
export const canSeeIpAddresses = (me: Viewer) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("personalInfo.view"));
