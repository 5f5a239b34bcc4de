import type { EventBus } from "../platform/events.ts";
import type { EncodedCopies } from "../platform/http/compression.ts";
import { contentEvents } from "../platform/http/guest-api-cache.ts";

export interface CachedPage {
  status: number;
  html: string;
  expires: number;
  /** The page compressed, per encoding, once asked for (`sendText`). */
  encoded: EncodedCopies;
}

/**
 * Guests see the same page for the same URL, so their rendered pages are kept briefly and served
 * again (Discourse's anonymous cache is the precedent). Any content change (or a theme change) in
 * this process drops them all at once; other processes' copies age out within `ttlMs`.
 */
export function createGuestPageCache(events: EventBus, options: { ttlMs: number; maxEntries: number }) {
  const pages = new Map<string, CachedPage>();
  const clear = () => pages.clear();
  // A new theme changes every page's head.
  for (const name of [...contentEvents, "theme.changed" as const]) events.on(name, clear);
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
    set(key: string, status: number, html: string): CachedPage {
      if (pages.size >= options.maxEntries) pages.delete(pages.keys().next().value as string);
      const page = { status, html, expires: Date.now() + options.ttlMs, encoded: {} };
      pages.set(key, page);
      return page;
    },
    clear,
  };
}

export type GuestPageCache = ReturnType<typeof createGuestPageCache>;
