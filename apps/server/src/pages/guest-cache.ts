import type { ContentChanges } from "../platform/content-changes.ts";
import { createTimedStore, type StoredAnswer, type TimedStoreOptions } from "../platform/http/timed-store.ts";

export interface CachedPage extends StoredAnswer {
  status: number;
}

/**
 * Guests see the same page for the same URL, so their rendered pages are kept briefly and served
 * again (Discourse's anonymous cache is the precedent). Any content change (a theme change too: it changes
 * every page's head) drops them all at once, in every process when Redis is configured (`content-changes.ts`).
 */
export function createGuestPageCache(changes: ContentChanges, options: TimedStoreOptions) {
  const pages = createTimedStore<CachedPage>(options);
  changes.on(() => pages.clear());
  return pages;
}
