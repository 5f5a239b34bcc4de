/** The parts of the feature that load on demand, each in its own chunk: importing this file loads none. */
export const loadTagsRoutes = () => import("./tags.routes.tsx");
export const loadTagIndexRoutes = () => import("./tags.index.tsx");
