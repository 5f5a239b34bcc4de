import type { EventBus } from "../platform/events.ts";
import { contentEvents } from "../platform/http/guest-api-cache.ts";
import { createTimedStore, type StoredText, type TimedStoreOptions } from "../platform/http/timed-store.ts";

export interface CachedPage extends StoredText {
  status: number;
}

/**
 * Guests see the same page for the same URL, so their rendered pages are kept briefly and served
 * again (Discourse's anonymous cache is the precedent). Any content change (or a theme change) in
 * this process drops them all at once; other processes' copies age out within `ttlMs`.
 */
export function createGuestPageCache(events: EventBus, options: TimedStoreOptions) {
  const pages = createTimedStore<CachedPage>(options);
  // A new theme changes every page's head.
  for (const name of [...contentEvents, "theme.changed" as const]) events.on(name, () => pages.clear());
  return pages;
}
