import type { LiveConversationMessage } from "@parley/contracts/conversations-constants";

/**
 * New messages heard on the live stream, for the conversation page that shows them. Tiny and
 * dependency-free: the page registers here without loading the stream client.
 */
type Listener = (message: LiveConversationMessage) => void;

const listeners = new Set<Listener>();

export const liveConversations = {
  /** Hears every new message of the member's conversations until the returned call. */
  listen(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emit(message: LiveConversationMessage): void {
    for (const listener of listeners) listener(message);
  },
};
