/** The parts of the feature that load on demand, each in its own chunk: importing this file loads none. */
export const loadKnowledgeEditorRoutes = () => import("./knowledge.editor.routes.tsx");
export const loadKnowledgeRoutes = () => import("./knowledge.routes.tsx");
