/** Webhooks' surface: the dashboard page's address and who may open it (the pages load with their routes). */
export { webhooksPagePath } from "@parley/contracts/webhooks-constants";
export { canManageWebhooks } from "./webhooks.permissions.ts";
export { loadWebhooksRoutes } from "./webhooks.lazy.ts";
