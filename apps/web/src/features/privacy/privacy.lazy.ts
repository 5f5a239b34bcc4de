/** The privacy page loads with its route: importing this file loads none. */
export const loadPrivacyRoutes = () => import("./privacy.routes.tsx");
