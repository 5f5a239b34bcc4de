import { createHash } from "node:crypto";
import type { SearchCriteria, SearchDetails, SearchDriver, SearchPageResult } from "./search.driver.ts";

export interface SearchCacheOptions {
  /** Answers kept at most (pages and their excerpts count one each); the least recently used go first. */
  maxEntries: number;
  /** A safety net: an answer is dropped this long after it was made, whatever happened. */
  ttlMs: number;
  /**
   * Bytes the kept answers may hold (their texts as V8 stores them, and each hit's record): a page of
   * long titles and excerpts is ten times a page of short ones, so the number alone bounds nothing.
   */
  maxSize: number;
}

/** ≈ 20 kB per page of 30 hits with excerpts: 256 such pages fit in 4 MB when they are typical. */
export const defaultSearchCacheOptions: SearchCacheOptions = { maxEntries: 256, ttlMs: 30_000, maxSize: 4_000_000 };

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
  /** Bytes held, known once the answer came (0 until then). */
  size: number;
}

/** A character above U+00FF makes V8 keep the whole string at two bytes a character. */
const TWO_BYTE = /[\u0100-\uffff]/;
const textBytes = (text: string | null) => (text ? text.length * (TWO_BYTE.test(text) ? 2 : 1) : 0);
/** A hit's or an excerpt's object, its numbers and its short shared strings, beside its own texts. */
const RECORD_BYTES = 200;

/** The bytes an answer holds: a page (hits and maybe details) or a page's details. */
function sizeOf(answer: unknown): number {
  const details = answer instanceof Map ? answer : (answer as SearchPageResult).details;
  let size = 0;
  for (const hit of answer instanceof Map ? [] : (answer as SearchPageResult).hits)
    size += RECORD_BYTES + textBytes(hit.name) + textBytes(hit.dateInserted) + textBytes(hit.dateUpdated);
  for (const detail of (details as Map<number, SearchDetails> | undefined)?.values() ?? [])
    size += RECORD_BYTES + textBytes(detail.excerpt) + textBytes(detail.discussionName);
  return size;
}

/**
 * Search answers kept in memory (PERFORMANCE.md: cache hot API answers, drop them on the changes
 * that make them wrong): the ranked page with its total, and the page's excerpts. `clear()` runs
 * whenever the index changes (this process's indexer, or another's through Redis); until then an
 * answer is exact. Concurrent misses of one key share one query.
 */
export function createSearchCache(options: SearchCacheOptions = defaultSearchCacheOptions) {
  const entries = new Map<string, Entry>();
  let size = 0;
  let hits = 0;
  let misses = 0;

  const drop = (key: string) => {
    size -= entries.get(key)?.size ?? 0;
    entries.delete(key);
  };
  /** The least recently used first, while over either bound (the newest answer always stays). */
  const trim = () => {
    for (const key of entries.keys()) {
      if (entries.size <= 1 || (entries.size <= options.maxEntries && size <= options.maxSize)) break;
      drop(key);
    }
  };

  function remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const found = entries.get(key);
    if (found) {
      entries.delete(key);
      size -= found.size;
    }
    if (found && found.expires > now) {
      hits += 1;
      entries.set(key, found); // most recently used last
      size += found.size;
      return found.value as Promise<T>;
    }
    misses += 1;
    const value = compute();
    const entry: Entry = { expires: now + options.ttlMs, value, size: 0 };
    entries.set(key, entry);
    trim();
    // Counted once it came; a failure is not remembered. (An index change meanwhile cleared the map, entry included.)
    value.then(
      (answer) => {
        if (entries.get(key) !== entry) return;
        entry.size = sizeOf(answer);
        size += entry.size;
        trim();
      },
      () => {
        if (entries.get(key) === entry) drop(key);
      },
    );
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
      size = 0;
    },
    stats: () => ({ entries: entries.size, size, hits, misses }),
  };
}
