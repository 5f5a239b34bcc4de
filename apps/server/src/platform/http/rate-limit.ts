import type { Redis } from "ioredis";
import { systemClock, type Clock } from "../clock.ts";

interface LimitResult {
  allowed: boolean;
  /** Seconds until the window lets another attempt through (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter per key: `hit(key)` counts one event and says whether it is within `max`
 * per `windowMs`; `peek` checks without counting; `reset` forgets a key (after a good sign-in). In
 * memory for one process (on the app's clock), in Redis (shared by every process, windows ended by
 * Redis's own key expiry) when given a client.
 */
export interface Limiter {
  hit(key: string): Promise<LimitResult>;
  peek(key: string): Promise<LimitResult>;
  reset(key: string): Promise<void>;
}

export function createMemoryLimiter(name: string, max: number, windowMs: number, clock: Clock = systemClock): Limiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const now = clock.nowMs();
    const entry = windows.get(`${name}:${key}`);
    if (!entry || entry.resetAt <= now) return { count: 0, resetAt: now + windowMs };
    return entry;
  };
  const result = (entry: { count: number; resetAt: number }): LimitResult =>
    entry.count > max
      ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((entry.resetAt - clock.nowMs()) / 1000)) }
      : { allowed: true, retryAfterSeconds: 0 };
  return {
    async hit(key) {
      const entry = current(key);
      entry.count += 1;
      windows.set(`${name}:${key}`, entry);
      if (windows.size > 100_000) {
        const now = clock.nowMs();
        for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
      }
      return result(entry);
    },
    async peek(key) {
      const entry = current(key);
      return result({ ...entry, count: entry.count + 1 });
    },
    async reset(key) {
      windows.delete(`${name}:${key}`);
    },
  };
}

/**
 * Counts in Redis, shared by every process of the site. `namespace` (the database's `siteKey`, as presence and live
 * events use) keeps two sites, or two test instances, on one Redis from counting into each other's windows.
 */
export function createRedisLimiter(
  redis: Redis,
  name: string,
  max: number,
  windowMs: number,
  namespace = "public",
): Limiter {
  const redisKey = (key: string) => `parley:limit:${namespace}:${name}:${key}`;
  const result = (count: number, ttl: number): LimitResult =>
    count > max
      ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) }
      : { allowed: true, retryAfterSeconds: 0 };
  return {
    async hit(key) {
      const k = redisKey(key);
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.pexpire(k, windowMs);
      return result(count, ttl < 0 ? windowMs : ttl);
    },
    async peek(key) {
      const k = redisKey(key);
      const [count, ttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      return result(Number(count ?? 0) + 1, ttl < 0 ? windowMs : ttl);
    },
    async reset(key) {
      await redis.del(redisKey(key));
    },
  };
}
