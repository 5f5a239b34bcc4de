/**
 * Typed domain events. Features declare their events by augmenting `EventMap`:
 *
 *   declare module "../../platform/events.ts" {
 *     interface EventMap { "discussion.created": { discussionID: number } }
 *   }
 *
 * and emit them after their transaction commits. Listeners (notifications, search indexing, caches)
 * subscribe with `on` instead of being called by the feature that changed something. In-process;
 * cross-process delivery plugs in here when Redis is configured.
 */
/** @public Features add their events by declaration merging (`declare module`), which knip cannot see. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EventMap {}

export type EventName = keyof EventMap;
type Listener<K extends EventName> = (payload: EventMap[K]) => void | Promise<void>;

export interface EventBus {
  on<K extends EventName>(name: K, listener: Listener<K>): () => void;
  emit<K extends EventName>(name: K, payload: EventMap[K]): Promise<void>;
}

export function createEventBus(onError: (error: unknown, name: string) => void): EventBus {
  const listeners = new Map<string, Set<Listener<EventName>>>();
  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener as Listener<EventName>);
      listeners.set(name, set);
      return () => set.delete(listener as Listener<EventName>);
    },
    async emit(name, payload) {
      for (const listener of listeners.get(name) ?? []) {
        try {
          await listener(payload);
        } catch (error) {
          // A failing listener never undoes or fails the write that emitted the event.
          onError(error, name);
        }
      }
    },
  };
}
