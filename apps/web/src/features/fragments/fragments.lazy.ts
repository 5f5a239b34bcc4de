/** The parts of the feature that load on demand, each in its own chunk: importing this file loads none. */
export const loadFragmentsRoutes = () => import("./fragments.routes.tsx");
