/** Roles' surface for the dashboard: the page's address and who may open it. The pages load with their routes. */
export { canManageRoles, roleKeys, rolesPagePath } from "./roles.queries.ts";
export { loadRolesRoutes } from "./roles.lazy.ts";
