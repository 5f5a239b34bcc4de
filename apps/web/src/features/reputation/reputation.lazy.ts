/** The reputation pages load with their route: importing this file loads none. */
export const loadReputationRoutes = () => import("./reputation.routes.tsx");
