/** Members' surface for the dashboard: the page's address and who may open it. The pages load with their routes. */
export { canManageMembers, membersPagePath } from "./members.queries.ts";
export { loadMembersRoutes } from "./members.lazy.ts";
