/** The profile form loads with its route: importing this file loads none. */
export const loadProfileEditRoutes = () => import("./profile-edit.routes.tsx");
