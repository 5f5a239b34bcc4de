import { EventEmitter } from "node:events";
import type { Redis } from "ioredis";
import { openSubscriber } from "../../platform/redis-subscriber.ts";

/** One event for the SSE streams: stored first (its id comes from the `liveEvents` log), then fanned out. */
export interface LiveMessage {
  eventID: number;
  /** `user:<userID>` or `discussion:<discussionID>`. */
  channel: string;
  type: string;
  data: unknown;
}

/**
 * How live events reach the processes holding streams: in this process only, or through Redis pub/sub
 * so every process behind the load balancer gets every event (each delivers to its own connections).
 */
export interface LiveBus {
  readonly kind: "memory" | "redis";
  publish(message: LiveMessage): Promise<void>;
  subscribe(handler: (message: LiveMessage) => void): () => void;
  close(): Promise<void>;
}

export function createMemoryLiveBus(): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: "memory",
    async publish(message) {
      emitter.emit("message", message);
    },
    subscribe(handler) {
      emitter.on("message", handler);
      return () => emitter.off("message", handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis pub/sub (ioredis, loaded only when `REDIS_URL` is set): one connection publishes, one listens.
 * A process's own events come back through Redis too, so there is one delivery path and no duplicates.
 */
export async function createRedisLiveBus(
  url: string,
  /** Sites (or PostgreSQL schemas) sharing one Redis keep their events apart. */
  namespace: string,
  onError: (error: unknown) => void,
): Promise<LiveBus> {
  const REDIS_CHANNEL = `parley:live:${namespace}`;
  const { Redis } = await import("ioredis");
  const publisher: Redis = new Redis(url, { maxRetriesPerRequest: 2 });
  publisher.on("error", onError);
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const subscriber = await openSubscriber(
    url,
    REDIS_CHANNEL,
    (text) => {
      try {
        emitter.emit("message", JSON.parse(text) as LiveMessage);
      } catch (error) {
        onError(error);
      }
    },
    onError,
  );
  await subscriber.subscribed;
  return {
    kind: "redis",
    async publish(message) {
      await publisher.publish(REDIS_CHANNEL, JSON.stringify(message));
    },
    subscribe(handler) {
      emitter.on("message", handler);
      return () => emitter.off("message", handler);
    },
    async close() {
      emitter.removeAllListeners();
      await Promise.allSettled([subscriber.close(), publisher.quit()]);
    },
  };
}
