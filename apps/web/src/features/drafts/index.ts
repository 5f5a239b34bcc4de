/** The drafts feature's surface for other features' forms (the drafts page loads with its route). */
export { useDraftAutosave, useSavedDraftToast } from "./useDraftAutosave.tsx";
export type { LocalDraft, DraftTarget } from "./draftStore.ts";
