import type { Comment, Discussion } from "@parley/contracts";

/** A selected record: checked, or pending while a bulk call runs on it (spec §4 "Bulk selection"). */
type SelectionState = "checked" | "pending";

/** What the selection keeps of a discussion: enough for the disabled rules and the messages (spec §5). */
export type SelectedDiscussion = Pick<Discussion, "discussionID" | "name" | "closed" | "categoryID" | "permissions">;

/** What the selection keeps of a comment (spec §2: comments are split and deleted in bulk). */
export type SelectedComment = Pick<Comment, "commentID" | "discussionID" | "permissions"> & {
  /** How the dialogs name it: its author and a few words. */
  name: string;
};

interface Selection<T> {
  items: ReadonlyMap<number, { record: T; state: SelectionState }>;
}

/** How a store reads its records: their ID, what it keeps of them, and whether a newer one differs. */
export interface SelectionKind<T> {
  idOf: (record: T) => number;
  pick: (record: T) => T;
  changed: (kept: T, latest: T) => boolean;
}

/**
 * The records checked on the page (across pages, in the order they were checked). A bulk call moves
 * them to pending; on failure they return to checked, on success they leave the selection.
 */
function createSelectionStore<T>({ idOf, pick, changed }: SelectionKind<T>) {
  let snapshot: Selection<T> = { items: new Map() };
  const listeners = new Set<() => void>();
  const set = (items: Selection<T>["items"]) => {
    snapshot = { items };
    for (const listener of listeners) listener();
  };
  return {
    idOf,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    toggle: (record: T, checked: boolean) => {
      const items = new Map(snapshot.items);
      if (checked) items.set(idOf(record), { record: pick(record), state: "checked" });
      else items.delete(idOf(record));
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
    /** The latest record of a selected one (e.g. closed since it was checked). */
    refresh: (record: T) => {
      const item = snapshot.items.get(idOf(record));
      if (!item || !changed(item.record, record)) return;
      set(new Map(snapshot.items).set(idOf(record), { ...item, record: pick(record) }));
    },
    clear: () => set(new Map()),
  };
}
export type SelectionStore<T> = ReturnType<typeof createSelectionStore<T>>;

/** The page's selected discussions. */
export const selectionStore = createSelectionStore<SelectedDiscussion>({
  idOf: (discussion) => discussion.discussionID,
  pick: ({ discussionID, name, closed, categoryID, permissions }) => ({
    discussionID,
    name,
    closed,
    categoryID,
    ...(permissions ? { permissions } : {}),
  }),
  changed: (kept, latest) => kept.closed !== latest.closed,
});

/** The page's selected comments (a discussion's page). */
export const commentSelectionStore = createSelectionStore<SelectedComment>({
  idOf: (comment) => comment.commentID,
  pick: ({ commentID, discussionID, name, permissions }) => ({
    commentID,
    discussionID,
    name,
    ...(permissions ? { permissions } : {}),
  }),
  changed: () => false,
});
