import { createHash } from "node:crypto";
import type { SearchCriteria, SearchDetails, SearchDriver, SearchPageResult } from "./search.driver.ts";

export interface SearchCacheOptions {
  /** Answers kept at most (pages and their excerpts count one each); the least recently used go first. */
  maxEntries: number;
  /** A safety net: an answer is dropped this long after it was made, whatever happened. */
  ttlMs: number;
}

export const defaultSearchCacheOptions: SearchCacheOptions = { maxEntries: 256, ttlMs: 30_000 };

/** Keys past this length (a long list of viewable categories) are kept as their hash. */
const MAX_PLAIN_KEY = 200;

const compact = (key: string) =>
  key.length <= MAX_PLAIN_KEY ? key : `#${createHash("sha1").update(key).digest("base64")}`;

/**
 * A page's key: every criterion, so also the viewer's rights as the driver applies them (the
 * categories they may see, whether members are searchable). Never the viewer: a guest and a
 * member with the same rights share answers; different rights never do.
 */
export const pageKey = (criteria: SearchCriteria) => compact(`p${JSON.stringify(criteria)}`);

/** Excerpts depend only on the words searched and the documents. */
const detailsKey = (criteria: SearchCriteria, docIDs: number[]) =>
  compact(`d${JSON.stringify([criteria.text, criteria.title, criteria.operator, criteria.prefix])}${docIDs.join(",")}`);

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

/**
 * Search answers kept in memory (PERFORMANCE.md: cache hot API answers, drop them on the changes
 * that make them wrong): the ranked page with its total, and the page's excerpts. `clear()` runs
 * whenever the index changes (this process's indexer, or another's through Redis); until then an
 * answer is exact. Concurrent misses of one key share one query.
 */
export function createSearchCache(options: SearchCacheOptions = defaultSearchCacheOptions) {
  const entries = new Map<string, Entry>();
  let hits = 0;
  let misses = 0;

  function remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const found = entries.get(key);
    entries.delete(key);
    if (found && found.expires > now) {
      hits += 1;
      entries.set(key, found); // most recently used last
      return found.value as Promise<T>;
    }
    misses += 1;
    const value = compute();
    const entry: Entry = { expires: now + options.ttlMs, value };
    entries.set(key, entry);
    if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
    // A failure is not remembered. (An index change meanwhile cleared the map, entry included.)
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return value;
  }

  return {
    /** The driver with its read answers cached; writes go straight through. */
    wrap(driver: SearchDriver): SearchDriver {
      return {
        ...driver,
        name: driver.name,
        search: (criteria) => remember<SearchPageResult>(pageKey(criteria), () => driver.search(criteria)),
        details: (criteria, docIDs) =>
          docIDs.length === 0
            ? driver.details(criteria, docIDs)
            : remember<Map<number, SearchDetails>>(detailsKey(criteria, docIDs), () =>
                driver.details(criteria, docIDs),
              ),
      };
    },
    /** The index changed: nothing kept may be served again. */
    clear(): void {
      entries.clear();
    },
    stats: () => ({ entries: entries.size, hits, misses }),
  };
}

export type SearchCache = ReturnType<typeof createSearchCache>;
