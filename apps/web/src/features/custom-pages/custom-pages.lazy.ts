/** The parts of the feature that load on demand, each in its own chunk: importing this file loads none. */
export const loadCustomPagesRoutes = () => import("./custom-pages.routes.tsx");
