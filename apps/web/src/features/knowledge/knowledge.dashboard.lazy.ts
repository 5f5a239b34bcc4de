/** The dashboard's knowledge-base pages load on demand, in their own chunk: importing this file loads none. */
export const loadKnowledgeDashboardRoutes = () => import("./knowledge.dashboard.routes.tsx");
