/**
 * The categories' surface for other features: the category queries and the category page's parts (the layouts
 * place them); the dashboard's pages' address and who may open them (the pages load with their routes).
 */
export { categoryListQuery } from "./categories.queries.ts";
export { categoryWidgets } from "./categories.widgets.tsx";
export { canManageCategories, categoriesDashboardPath } from "./categories.dashboard.paths.ts";
export { loadCategoriesDashboardRoutes } from "./categories.dashboard.lazy.ts";
