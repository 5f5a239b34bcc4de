/**
 * Members' surface for the dashboard: the page's address, who may open it, and its cache keys (the roles page drops
 * the roles the member pages offer). The pages load with their routes.
 */
export { canManageMembers, memberKeys, membersHref, membersPagePath } from "./members.queries.ts";
export { loadMembersRoutes } from "./members.lazy.ts";
