/** The parts of the feature that load on demand, each in its own chunk: importing this file loads none. */
export const loadDraftLinks = () => import("./draftLinks.ts");
export const loadDraftsApi = () => import("./drafts.api.ts");
export const loadDraftsRoutes = () => import("./drafts.routes.tsx");
