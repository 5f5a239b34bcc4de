/** The account page loads with its route: importing this file loads none. */
export const loadAccountRoutes = () => import("./account.routes.tsx");
