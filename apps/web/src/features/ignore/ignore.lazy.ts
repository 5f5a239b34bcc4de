/** The ignore pages load with their route: importing this file loads none. */
export const loadIgnoreRoutes = () => import("./ignore.routes.tsx");
