/** The dashboard's Add-ons page: its address and who may open it (the page loads with its route). */
export { addonsPagePath, canManageAddons } from "./addons.queries.ts";
export { loadAddonsRoutes } from "./addons.lazy.ts";
