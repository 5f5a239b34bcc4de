import type { Discussion } from "@parley/contracts";

/** A selected discussion: checked, or pending while a bulk call runs on it (spec §4 "Bulk selection"). */
export type SelectionState = "checked" | "pending";

/** What the selection keeps of a discussion: enough for the disabled rules and the messages (spec §5). */
export type SelectedDiscussion = Pick<Discussion, "discussionID" | "name" | "closed" | "categoryID" | "permissions">;

export interface Selection {
  items: ReadonlyMap<number, { discussion: SelectedDiscussion; state: SelectionState }>;
}

/**
 * The discussions checked on the lists (across pages, in the order they were checked). A bulk call
 * moves them to pending; on failure they return to checked, on success they leave the selection.
 */
export function createSelectionStore() {
  let snapshot: Selection = { items: new Map() };
  const listeners = new Set<() => void>();
  const set = (items: Selection["items"]) => {
    snapshot = { items };
    for (const listener of listeners) listener();
  };
  const pick = ({ discussionID, name, closed, categoryID, permissions }: SelectedDiscussion): SelectedDiscussion => ({
    discussionID,
    name,
    closed,
    categoryID,
    ...(permissions ? { permissions } : {}),
  });
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    toggle: (discussion: SelectedDiscussion, checked: boolean) => {
      const items = new Map(snapshot.items);
      if (checked) items.set(discussion.discussionID, { discussion: pick(discussion), state: "checked" });
      else items.delete(discussion.discussionID);
      set(items);
    },
    /** checked → pending. */
    setPending: (ids: readonly number[]) =>
      set(
        new Map(
          [...snapshot.items].map(([id, item]) => [
            id,
            ids.includes(id) ? { ...item, state: "pending" as const } : item,
          ]),
        ),
      ),
    /** After a bulk call: the succeeded leave, the failed (and any other pending) go back to checked. */
    settle: (successIDs: readonly number[]) =>
      set(
        new Map(
          [...snapshot.items]
            .filter(([id]) => !successIDs.includes(id))
            .map(([id, item]) => [id, { ...item, state: "checked" as const }]),
        ),
      ),
    /** The latest record of a selected discussion (e.g. closed since it was checked). */
    refresh: (discussion: SelectedDiscussion) => {
      const item = snapshot.items.get(discussion.discussionID);
      if (!item || item.discussion.closed === discussion.closed) return;
      set(new Map(snapshot.items).set(discussion.discussionID, { ...item, discussion: pick(discussion) }));
    },
    clear: () => set(new Map()),
  };
}
export type SelectionStore = ReturnType<typeof createSelectionStore>;

/** The page's selection. */
export const selectionStore = createSelectionStore();
