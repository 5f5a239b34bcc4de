/**
 * Site analytics' surface (issue 40 item 2): the dashboard page's address and who may open it, its routes (on
 * demand), and for the member's privacy page the choice to leave one's visits out of the site's analytics.
 */
export { analyticsPagePath } from "./analytics.paths.ts";
export { canViewAnalytics } from "./analytics.permissions.ts";
export { loadAnalyticsRoutes } from "./analytics.lazy.ts";
export { analyticsKeys, analyticsPrivacyQuery } from "./analytics.queries.ts";
export { analyticsPrivacyFields, leftOutOfAnalytics, saveAnalyticsPrivacy } from "./analytics.privacy.ts";
