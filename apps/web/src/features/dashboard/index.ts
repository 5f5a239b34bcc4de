/** The dashboard's surface for the shell and the router: its address, who may open it, its on-demand parts. */
export { canOpenDashboard, dashboardPath } from "./dashboard.nav.ts";
// Loaders of the on-demand parts: in their own module, so this file stays pure re-exports (a bundle takes
// from it only what an importer uses).
export { loadDashboardLayout, loadDashboardRoutes } from "./dashboard.lazy.ts";
