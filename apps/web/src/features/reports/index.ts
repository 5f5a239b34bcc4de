/**
 * Reports' surface for other features: the link to a post's reports, the report call and its reasons
 * (the discussions' report dialog uses them). The queue page loads with its route.
 */
export {
  awaitingApprovalPath,
  canManageReasons,
  canModeratePending,
  pendingPostAnchor,
  premoderationPagePath,
  reportReasonsPath,
  reportsLink,
  reportsPath,
} from "./reports.links.ts";
export { reportsApi } from "./reports.api.ts";
export {
  myPendingPostsQuery,
  reportKeys,
  reportReasonsQuery,
  waitingKeys,
  type WaitingQueue,
} from "./reports.queries.ts";
// The dashboard navigation's waiting counts (its chunk only).
export { waitingCountQuery } from "./reports.waiting.ts";
// Loaders of the on-demand parts: in their own module, so this file stays pure re-exports (a bundle takes
// from it only what an importer uses).
export { loadReportsRoutes } from "./reports.lazy.ts";
