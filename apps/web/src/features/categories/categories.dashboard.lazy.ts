/** The categories' dashboard pages load on demand, in their own chunk: importing this file loads none. */
export const loadCategoriesDashboardRoutes = () => import("./categories.dashboard.routes.tsx");
