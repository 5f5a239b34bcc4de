/** The drafts feature's surface for other features' forms (the drafts page loads with its route). */
export { useDraftAutosave, useSavedDraftToast } from "./useDraftAutosave.tsx";
export { useRestoredDraft } from "./useRestoredDraft.ts";
// Loaders of the on-demand parts: in their own module, so this file stays pure re-exports (a bundle takes
// from it only what an importer uses).
export { loadDraftLinks, loadDraftsApi, loadDraftsRoutes } from "./drafts.lazy.ts";
