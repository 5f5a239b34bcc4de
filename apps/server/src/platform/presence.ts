import type { Redis } from "ioredis";
import type { Clock } from "./clock.ts";

/**
 * Who was seen when (who's online): each signed-in request marks its member seen, in memory — no write per
 * request. `drain` hands the members seen since the last drain to a batched write of `users.dateLastActive`.
 * With Redis (several processes) a sorted set `parley:online:{siteKey}` (score: the time in ms) is the one set every
 * process reads; a process adds a member to it at most every `REDIS_TOUCH_MS`.
 */
export interface Presence {
  seen(userID: number): void;
  /** Members seen at or after `sinceMs`, with when (ms), the most recent first. */
  since(sinceMs: number): Promise<Array<{ userID: number; lastSeenMs: number }>>;
  /** When a member was last seen (ms), or null. */
  lastSeen(userID: number): Promise<number | null>;
  /** The members seen since the last drain, with when (ms); empties the list. */
  drain(): Map<number, number>;
}

/** A process tells Redis again about a member it has seen at most this often. */
const REDIS_TOUCH_MS = 15_000;
/** Entries older than this leave the in-memory map and the sorted set. */
const KEEP_MS = 60 * 60_000;

/** The sorted set of a database's members seen lately (one Redis may serve several sites or test schemas). */
export const presenceKey = (namespace: string) => `parley:online:${namespace}`;

export function createPresence(clock: Clock, redis: Redis | null, namespace = "public"): Presence {
  const REDIS_KEY = presenceKey(namespace);
  const lastSeen = new Map<number, number>();
  let pending = new Map<number, number>();
  const toldRedis = new Map<number, number>();
  const prune = (now: number) => {
    for (const [userID, at] of lastSeen) if (at < now - KEEP_MS) lastSeen.delete(userID);
    for (const [userID, at] of toldRedis) if (at < now - KEEP_MS) toldRedis.delete(userID);
  };
  return {
    seen(userID) {
      const now = clock.nowMs();
      lastSeen.set(userID, now);
      pending.set(userID, now);
      if (redis && now - (toldRedis.get(userID) ?? 0) >= REDIS_TOUCH_MS) {
        toldRedis.set(userID, now);
        redis
          .multi()
          .zadd(REDIS_KEY, now, String(userID))
          .zremrangebyscore(REDIS_KEY, "-inf", now - KEEP_MS)
          .exec()
          .catch((error: unknown) => console.error("Presence: Redis write failed:", error));
      }
    },
    async since(sinceMs) {
      prune(clock.nowMs());
      if (redis) {
        const flat = await redis.zrevrangebyscore(REDIS_KEY, "+inf", sinceMs, "WITHSCORES");
        const found: Array<{ userID: number; lastSeenMs: number }> = [];
        for (let i = 0; i + 1 < flat.length; i += 2) {
          found.push({ userID: Number(flat[i]), lastSeenMs: Number(flat[i + 1]) });
        }
        return found;
      }
      return [...lastSeen]
        .filter(([, at]) => at >= sinceMs)
        .sort((a, b) => b[1] - a[1])
        .map(([userID, lastSeenMs]) => ({ userID, lastSeenMs }));
    },
    async lastSeen(userID) {
      if (redis) {
        const score = await redis.zscore(REDIS_KEY, String(userID));
        return score === null ? null : Number(score);
      }
      return lastSeen.get(userID) ?? null;
    },
    drain() {
      const drained = pending;
      pending = new Map();
      return drained;
    },
  };
}
