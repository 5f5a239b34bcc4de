/** The dashboard's Analytics page loads with its route: importing this file loads none of it. */
export const loadAnalyticsRoutes = () => import("./analytics.routes.tsx");
