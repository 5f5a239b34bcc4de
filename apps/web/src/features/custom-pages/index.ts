/**
 * Custom pages' surface: the dashboard screen (`/dashboard/pages`, in the dashboard's chunk), its address and who may
 * open it. The pages themselves are layout pages (the layouts feature's `customPage` view type and its head widget).
 */
export { canManageCustomPages, customPagesPath } from "./custom-pages.queries.ts";
export { createCustomPagesRoutes } from "./custom-pages.routes.tsx";
