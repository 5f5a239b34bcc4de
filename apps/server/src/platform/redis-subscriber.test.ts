import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { redisRelay } from "../test/redis-relay.ts";
import { openSubscriber } from "./redis-subscriber.ts";

const redisUrl = process.env["TEST_REDIS_URL"] || null;

describe.skipIf(!redisUrl)("openSubscriber (Redis)", () => {
  let publisher: Redis;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeAll(() => {
    publisher = new Redis(redisUrl!);
    process.on("unhandledRejection", onUnhandled);
  });
  afterAll(async () => {
    process.off("unhandledRejection", onUnhandled);
    await publisher.quit();
  });
  afterEach(() => {
    unhandled.length = 0;
  });
  const channelName = () => `parley:test:subscriber:${randomBytes(6).toString("hex")}`;

  it("hears its channel, and hears it again after Redis was unreachable and came back (it subscribes anew)", async () => {
    const channel = channelName();
    const relay = await redisRelay(new URL(redisUrl!));
    const heard: string[] = [];
    const subscriber = await openSubscriber(
      relay.url,
      channel,
      (message) => heard.push(message),
      () => undefined,
    );
    await subscriber.subscribed;
    await publisher.publish(channel, "before");
    await publisher.publish(`${channel}:other`, "not ours");
    await vi.waitFor(() => expect(heard).toEqual(["before"]));

    await relay.cut();
    await relay.restore();
    // Subscribed again once a publish reaches it: the count of receivers says so.
    await vi.waitFor(async () => expect(await publisher.publish(channel, "after")).toBe(1), { timeout: 5_000 });
    await vi.waitFor(() => expect(heard).toEqual(["before", "after"]));
    await subscriber.close();
    await relay.cut();
    expect(unhandled).toEqual([]);
  });

  it("closing while a reconnect's ready check is unanswered leaves no unhandled rejection (ioredis's own resubscribe did)", async () => {
    const channel = channelName();
    let onInfo: (() => void) | null = null;
    // INFO is ioredis's ready check; its answer comes 50 ms later, after the close below has sent QUIT.
    const relay = await redisRelay(new URL(redisUrl!), {
      delayMs: 50,
      onClientData: (text) => {
        if (text.includes("$4\r\ninfo\r\n") && onInfo) {
          const act = onInfo;
          onInfo = null;
          act();
        }
      },
    });
    const errors: unknown[] = [];
    const subscriber = await openSubscriber(
      relay.url,
      channel,
      () => undefined,
      (error) => errors.push(error),
    );
    await subscriber.subscribed;

    const closed = new Promise<void>((resolve) => {
      onInfo = () => void subscriber.close().then(resolve);
    });
    await relay.cut();
    await relay.restore();
    await closed;
    // The ready check's answer arrives, then Redis's answer to QUIT and the end of the connection.
    await vi.waitFor(() => expect(relay.open).toBe(0), { timeout: 5_000 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
    expect(
      errors.filter((error) => !(error instanceof Error && /ECONNREFUSED|ECONNRESET/.test(error.message))),
    ).toEqual([]);
    await relay.cut();
  });
});
