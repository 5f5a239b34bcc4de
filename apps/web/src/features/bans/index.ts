/**
 * Ban rules' surface: the dashboard page's address and who may open it (the page loads with its route), and the
 * IP addresses panel the profile shows moderators.
 */
export { banRulesPagePath } from "@parley/contracts/ban-rules-constants";
export { canManageBanRules, canSeeIpAddresses, memberIpAddressesQuery } from "./bans.queries.ts";
export { loadBanRulesRoutes } from "./bans.lazy.ts";
export { IpAddressesPanel } from "./IpAddressesPanel.tsx";
