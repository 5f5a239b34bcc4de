/** The parts of the feature that load on demand, each in its own chunk: importing this file loads none. */
export const loadPostTypesRoutes = () => import("./post-types.routes.tsx");
