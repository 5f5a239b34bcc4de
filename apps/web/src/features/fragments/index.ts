/**
 * Fragments' surface (issue 38): the dashboard's editor (`/dashboard/fragments`), its address and who may open it
 * (the pages load with their routes).
 */
export { canManageFragments, fragmentsPagePath } from "./fragments.queries.ts";
export { loadFragmentsRoutes } from "./fragments.lazy.ts";
