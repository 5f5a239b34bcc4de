export interface ExpiringMapOptions {
  /** How long a value is answered again. */
  ttlMs: number;
  maxEntries: number;
  /** The sizes held, as the caller counts them (about bytes). */
  maxSize: number;
  /** The time in ms (default `Date.now`; tests move their own). */
  now?: () => number;
}

/**
 * Values kept briefly, bounded by their number and by their size: one time to live for all, so entries expire in the
 * order they came, and each new one first drops the expired ones before it, then the oldest while over either bound.
 * A value larger than a tenth of `maxSize` is not kept. The guests' caches (`http/timed-store.ts`) and the lists'
 * shared rows (`read-cache.ts`) keep theirs here.
 */
export function createExpiringMap<V>(options: ExpiringMapOptions) {
  const entries = new Map<string, { value: V; expires: number; size: number }>();
  const now = options.now ?? Date.now;
  let size = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    size -= entry.size;
    entries.delete(key);
  };
  const trim = (at: number) => {
    for (const [key, entry] of entries) {
      if (entry.expires > at && entries.size <= options.maxEntries && size <= options.maxSize) break;
      drop(key);
    }
  };

  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        drop(key);
        return undefined;
      }
      return entry.value;
    },

    set(key: string, value: V, valueSize: number): void {
      drop(key);
      if (valueSize > options.maxSize / 10) return;
      const at = now();
      entries.set(key, { value, expires: at + options.ttlMs, size: valueSize });
      size += valueSize;
      trim(at);
    },

    /** A kept value grew (a compressed copy added): counts its new size, if it is still the one kept. */
    resize(key: string, value: V, valueSize: number): void {
      const entry = entries.get(key);
      if (entry?.value !== value) return;
      size += valueSize - entry.size;
      entry.size = valueSize;
      if (size > options.maxSize) trim(now());
    },

    clear(): void {
      entries.clear();
      size = 0;
    },

    /** Entries and their size now (tests, diagnostics). */
    usage: () => ({ entries: entries.size, size }),
  };
}
