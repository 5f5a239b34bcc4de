import type { EventBus, EventName } from "../platform/events.ts";

export interface CachedPage {
  status: number;
  html: string;
  expires: number;
}

/** The content events after which a cached guest page may be out of date. */
const invalidatingEvents: EventName[] = [
  "discussion.created",
  "discussion.updated",
  "discussion.deleted",
  "discussion.moved",
  "comment.created",
  "comment.updated",
  "comment.deleted",
  "reaction.added",
  "permissions.changed",
];

/**
 * Guests see the same page for the same URL, so their rendered pages are kept briefly and served
 * again (Discourse's anonymous cache is the precedent). Any content change in this process drops
 * them all at once; other processes' copies age out within `ttlMs`.
 */
export function createGuestPageCache(events: EventBus, options: { ttlMs: number; maxEntries: number }) {
  const pages = new Map<string, CachedPage>();
  const clear = () => pages.clear();
  for (const name of invalidatingEvents) events.on(name, clear);
  return {
    get(key: string): CachedPage | undefined {
      const page = pages.get(key);
      if (!page) return undefined;
      if (page.expires <= Date.now()) {
        pages.delete(key);
        return undefined;
      }
      return page;
    },
    set(key: string, status: number, html: string): void {
      if (pages.size >= options.maxEntries) pages.delete(pages.keys().next().value as string);
      pages.set(key, { status, html, expires: Date.now() + options.ttlMs });
    },
    clear,
  };
}

export type GuestPageCache = ReturnType<typeof createGuestPageCache>;
