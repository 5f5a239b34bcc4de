import { useCallback, useState } from "react";
import type { LocalDraft } from "./draftStore.ts";
import { loadRichEditor } from "../editor/index.ts";

/**
 * A post form's recovered draft: the draft with a version that changes at each restore (the fields'
 * keys, so they take the draft's values), the `onRestore` to hand to `useDraftAutosave`, and `clear`
 * for a form emptied (posted or its draft discarded).
 */
export function useRestoredDraft() {
  const [restored, setRestored] = useState<(Partial<LocalDraft> & { version: number }) | null>(null);
  const onRestore = (draft: LocalDraft) => {
    // The editor's chunk first, so a rich draft never shows as JSON in the plain text area.
    void (draft.format === "rich2" ? loadRichEditor() : Promise.resolve()).then(
      () => setRestored((previous) => ({ ...draft, version: (previous?.version ?? 0) + 1 })),
      () => undefined,
    );
  };
  const clear = useCallback(() => setRestored((previous) => ({ body: "", version: (previous?.version ?? 0) + 1 })), []);
  return { restored, version: restored?.version ?? 0, onRestore, clear };
}
