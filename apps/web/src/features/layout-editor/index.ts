/** The layout editor's surface for the dashboard and the router: its address and its on-demand routes. */
export { layoutsDashboardPath } from "./layout-editor.paths.ts";
// Loaders of the on-demand parts: in their own module, so this file stays pure re-exports.
export { loadLayoutEditorRoutes } from "./layout-editor.lazy.ts";
