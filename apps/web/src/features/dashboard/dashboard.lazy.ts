/** The parts of the feature that load on demand, each in its own chunk: importing this file loads none. */
export const loadDashboardRoutes = () => import("./dashboard.routes.tsx");
export const loadDashboardLayout = () => import("./DashboardLayout.tsx");
