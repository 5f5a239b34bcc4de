/** Automation rules' surface: the dashboard page's address and who may open it (the pages load with their routes). */
export { automationRulesPagePath } from "@parley/contracts/automation-rules-constants";
export { canManageAutomationRules } from "./automation.permissions.ts";
export { loadAutomationRoutes } from "./automation.lazy.ts";
