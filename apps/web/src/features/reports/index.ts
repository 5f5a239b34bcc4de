/**
 * Reports' surface for other features: the link to a post's reports, the report call and its reasons
 * (the discussions' report dialog uses them). The queue page loads with its route.
 */
export { canManageReasons, reportReasonsPath, reportsLink, reportsPath } from "./reports.urls.ts";
export { reportsApi } from "./reports.api.ts";
export { reportReasonsQuery } from "./reports.queries.ts";
