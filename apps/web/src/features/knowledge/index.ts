/** The knowledge base's surface for the router and the dashboard: its routes, loaded with them. */
// Loaders of the on-demand parts: in their own module, so this file stays pure re-exports (a bundle takes
// from it only what an importer uses).
export { loadKnowledgeEditorRoutes, loadKnowledgeRoutes } from "./knowledge.lazy.ts";
export { loadKnowledgeDashboardRoutes } from "./knowledge.dashboard.lazy.ts";
export { canManageKnowledgeBases, knowledgeDashboardPath } from "./knowledge.dashboard.paths.ts";
