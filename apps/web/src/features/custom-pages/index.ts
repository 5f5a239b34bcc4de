/**
 * Custom pages' surface: the dashboard screen's address and who may open it; the screen loads with its route. The
 * pages themselves are layout pages (the layouts feature's `customPage` view type and its head widget).
 */
export { canManageCustomPages, customPagesPath } from "./custom-pages.queries.ts";
export { customPagesRoutes } from "./custom-pages.lazy.ts";
