/**
 * Custom pages' surface: the layout widget of their head (server-rendered), the dashboard screen's address and who
 * may open it; the screen loads with its route.
 */
export { customPageWidgets } from "./custom-pages.widgets.tsx";
export { canManageCustomPages, customPagesPath } from "./custom-pages.queries.ts";
export { loadCustomPagesRoutes } from "./custom-pages.lazy.ts";
