import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import type { EventBus, EventName } from "./events.ts";
import { contentEvents } from "./http/guest-api-cache.ts";
import { openSubscriber } from "./redis-subscriber.ts";

/**
 * "Something a guest sees has changed", for the guests' caches of pages and API answers: at once on this
 * process's content events, and through Redis pub/sub (when `REDIS_URL` is set) on every other process's,
 * so a guest sees a new discussion promptly wherever the load balancer sends the next request.
 */
export interface ContentChanges {
  /**
   * `listener` hears each change with the event's name (this process's, or another's through Redis); null when a
   * process did not say which (one started before the names travelled): whatever the listener keeps is stale.
   */
  on(listener: (event: EventName | null) => void): void;
  close(): Promise<void>;
}

export function createContentChanges(
  events: EventBus,
  redisUrl: string | null,
  /** Sites (or PostgreSQL schemas) sharing one Redis keep their changes apart. */
  namespace: string,
  onError: (error: unknown) => void,
): ContentChanges {
  const channel = `parley:content-changed:${namespace}`;
  // This process's own messages come back from Redis: its caches were cleared when the event fired.
  const origin = randomBytes(8).toString("hex");
  const listeners = new Set<(event: EventName | null) => void>();
  const notify = (event: EventName | null) => {
    for (const listener of listeners) listener(event);
  };
  const known = new Set<string>(contentEvents);
  // A message is `{origin}` or `{origin} {event}`.
  const heard = (message: string) => {
    const [from = "", event = ""] = message.split(" ", 2);
    if (from !== origin) notify(known.has(event) ? (event as EventName) : null);
  };
  // The connections open with the first listener (ioredis loads only then): apps without guest caches have none.
  let redis: Promise<{ publisher: Redis; subscriber: { close(): Promise<void> } }> | null = null;
  const connect = async () => {
    const { Redis } = await import("ioredis");
    const publisher = new Redis(redisUrl!, { maxRetriesPerRequest: 2 });
    publisher.on("error", onError);
    const subscriber = await openSubscriber(redisUrl!, channel, heard, onError);
    return { publisher, subscriber };
  };

  for (const name of contentEvents)
    events.on(name, () => {
      if (listeners.size === 0) return;
      notify(name);
      redis?.then(({ publisher }) => publisher.publish(channel, `${origin} ${name}`)).catch(onError);
    });

  return {
    on(listener) {
      listeners.add(listener);
      if (redisUrl && !redis) {
        redis = connect();
        redis.catch(onError);
      }
    },
    async close() {
      listeners.clear();
      const connections = await redis?.catch(() => null);
      if (connections) await Promise.allSettled([connections.subscriber.close(), connections.publisher.quit()]);
    },
  };
}
