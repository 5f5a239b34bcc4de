import type { Redis } from "ioredis";

/**
 * One Redis connection listening to one channel, that subscribes again after every reconnect.
 *
 * ioredis's own `autoResubscribe` sends SUBSCRIBE from inside its ready handler and drops the promise: when the
 * connection is quit while its ready check is in flight (a server closing just as Redis comes back), that
 * SUBSCRIBE is rejected with "Connection is closed." and nothing handles it: an unhandled rejection, which ends a
 * Node process by default. Here the subscription is ours, sent on each `ready`, and a failure goes to `onError`
 * unless the connection was being closed on purpose.
 *
 * `subscribed` resolves once the first subscription is confirmed. ioredis loads only when this is called: installs
 * without Redis never load it.
 */
export async function openSubscriber(
  url: string,
  channel: string,
  onMessage: (message: string) => void,
  onError: (error: unknown) => void,
): Promise<{ subscribed: Promise<void>; close(): Promise<void> }> {
  const { Redis } = await import("ioredis");
  const subscriber: Redis = new Redis(url, { maxRetriesPerRequest: null, autoResubscribe: false });
  let closing = false;
  subscriber.on("error", onError);
  subscriber.on("message", (from: string, message: string) => {
    if (from === channel) onMessage(message);
  });
  const subscribed = new Promise<void>((resolve) => {
    subscriber.on("ready", () => {
      subscriber.subscribe(channel).then(
        () => resolve(),
        (error: unknown) => {
          if (!closing) onError(error);
        },
      );
    });
  });
  return {
    subscribed,
    // Nothing waits in ioredis's offline queue (SUBSCRIBE goes out only when ready), so QUIT never waits for Redis.
    async close() {
      closing = true;
      await subscriber.quit().catch(() => undefined);
    },
  };
}
