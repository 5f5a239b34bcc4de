/** The parts of the feature that load on demand, each in its own chunk: importing this file loads none. */
export const loadGroupsEditorRoutes = () => import("./groups.editor.routes.tsx");
export const loadGroupsRoutes = () => import("./groups.routes.tsx");
