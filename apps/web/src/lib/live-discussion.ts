import type { LiveComment } from "@parley/contracts";

/**
 * Which discussion this tab is reading, for the live stream (`?discussionID=`), and who wants its new
 * comments. Tiny and dependency-free: the discussion page registers here without loading the client.
 */
type Listener = (comment: LiveComment) => void;

const watchers = new Map<number, Set<Listener>>();
const changeListeners = new Set<() => void>();
let current: number | null = null;

function refresh() {
  const next = watchers.size === 0 ? null : [...watchers.keys()].at(-1)!;
  if (next === current) return;
  current = next;
  for (const listener of changeListeners) listener();
}

export const liveDiscussion = {
  /** The discussion whose comments the stream should carry (the last one watched), or null. */
  current: () => current,

  /** Hears changes of `current()` (the client reconnects with the new address). */
  onChange(listener: () => void): () => void {
    changeListeners.add(listener);
    return () => changeListeners.delete(listener);
  },

  /** The discussion page: new comments of `discussionID` go to `listener` until the returned call. */
  watch(discussionID: number, listener: Listener): () => void {
    const set = watchers.get(discussionID) ?? new Set();
    set.add(listener);
    watchers.delete(discussionID);
    watchers.set(discussionID, set);
    refresh();
    return () => {
      set.delete(listener);
      if (set.size === 0 && watchers.get(discussionID) === set) watchers.delete(discussionID);
      refresh();
    };
  },

  /** The client: a `comment` event arrived. */
  emit(comment: LiveComment): void {
    for (const listener of watchers.get(comment.discussionID) ?? []) listener(comment);
  },
};
