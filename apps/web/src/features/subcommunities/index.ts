/**
 * Subcommunities' surface (issue 40): the dashboard screen (`/dashboard/subcommunities`, in the dashboard's chunk), its
 * address and who may open it. The sections themselves are the server's (a folder, the router's basename); the title
 * bar's picker is the shell's.
 */
export { canManageSubcommunities, subcommunitiesPath } from "./subcommunities.queries.ts";
export { createSubcommunitiesRoutes } from "./subcommunities.routes.tsx";
