/** The parts of the feature that load on demand, each in its own chunk: importing this file loads none. */
export const customPagesRoutes = () => import("./custom-pages.routes.tsx").then((m) => m.createCustomPagesRoutes);
